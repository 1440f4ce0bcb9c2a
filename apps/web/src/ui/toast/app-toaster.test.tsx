import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppToaster } from './app-toaster.tsx';
import { toast } from './toast.ts';

// react-hot-toast keeps its toasts in a module-level store; each test starts without any.
afterEach(() => {
  toast.remove();
});

function renderToaster() {
  render(
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>,
  );
}

describe('AppToaster', () => {
  it('shows a toast raised before the container finished loading', async () => {
    toast.error('网络已断开', { id: 'offline' });
    renderToaster();
    expect(await screen.findByText('网络已断开')).toBeTruthy();
  });

  it('replaces a visible toast that has the same id instead of stacking', async () => {
    renderToaster();
    await act(async () => {
      toast.error('请求失败', { id: 'same' });
      toast.error('请求失败', { id: 'same' });
    });
    expect(await screen.findAllByText('请求失败')).toHaveLength(1);
  });
});
