import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Sheet } from './sheet.tsx';

const native = vi.hoisted(() => ({ inApp: false, calls: [] as { method: string; args: unknown }[] }));

vi.mock('../../platform/environment.ts', () => ({ isInNativeApp: () => native.inApp }));
vi.mock('../../platform/bridge/native-bridge.ts', () => ({
  nativeBridge: {
    call: async (method: string, args: unknown) => {
      native.calls.push({ method, args });
      return { ok: true, value: undefined };
    },
  },
}));

function Harness({ modalClose }: { modalClose?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开
      </button>
      <Sheet open={open} onClose={() => setOpen(false)} title="选择报告期" modalClose={modalClose}>
        <p>内容</p>
      </Sheet>
    </>
  );
}

beforeEach(() => {
  native.inApp = false;
  native.calls = [];
});

const panel = () => screen.getByRole('dialog', { name: '选择报告期' });

describe('Sheet', () => {
  it('renders nothing while closed, then a titled dialog that slides up after 100 ms', () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    try {
      render(<Harness />);
      expect(screen.queryByRole('dialog')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: '打开' }));
      expect(panel().textContent).toContain('内容');
      expect(panel().style.transform).toBe('translate3d(0, 100%, 0)');
      act(() => vi.advanceTimersByTime(99));
      expect(panel().style.transform).toBe('translate3d(0, 100%, 0)');
      // After the delay the spring moves it up, and within a second it rests fully open.
      act(() => vi.advanceTimersByTime(60));
      const moving = panel().style.transform;
      expect(moving).not.toBe('translate3d(0, 100%, 0)');
      act(() => vi.advanceTimersByTime(1000));
      expect(panel().style.transform).toBe('translate3d(0, 0%, 0)');
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes on a mask tap by default', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    fireEvent.click(screen.getByTestId('sheet-mask'));
    // Hidden from the accessibility tree at once, removed once the slide-down ends.
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('sheet-mask')).toBeNull(), { timeout: 8000 });
  }, 15_000);

  it('stays open on a mask tap when modalClose is off', () => {
    render(<Harness modalClose={false} />);
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    fireEvent.click(screen.getByTestId('sheet-mask'));
    expect(panel()).toBeTruthy();
  });

  it('closes on Escape', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells the native app hidden 0 while open and 1 on close', () => {
    native.inApp = true;
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    expect(native.calls).toEqual([{ method: 'hidden', args: { value: 0 } }]);
    fireEvent.click(screen.getByTestId('sheet-mask'));
    expect(native.calls).toEqual([
      { method: 'hidden', args: { value: 0 } },
      { method: 'hidden', args: { value: 1 } },
    ]);
  });

  it('never calls the bridge outside the native app', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    fireEvent.click(screen.getByTestId('sheet-mask'));
    expect(native.calls).toEqual([]);
  });
});
