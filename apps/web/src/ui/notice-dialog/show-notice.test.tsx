import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showNotice } from './show-notice.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(async () => {
  // Let every closed dialog finish its removal so the next test starts from an empty body.
  await act(async () => {
    vi.runOnlyPendingTimers();
  });
  vi.useRealTimers();
});

describe('showNotice', () => {
  it('shows the message with one 知道了 button and resolves when it is tapped', async () => {
    let closed = false;
    await act(async () => {
      void showNotice('操作过于频繁，请稍后再试').then(() => {
        closed = true;
      });
    });
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('操作过于频繁，请稍后再试');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['知道了']);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '知道了' }));
    });
    expect(closed).toBe(true);
  });

  it('removes the dialog node 1000 ms after closing, not before', async () => {
    await act(async () => {
      void showNotice('提示');
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '知道了' }));
    });
    expect(document.querySelector('[data-notice]')).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(999);
    });
    expect(document.querySelector('[data-notice]')).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(document.querySelector('[data-notice]')).toBeNull();
  });
});
