import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PullToRefresh } from './pull-to-refresh.tsx';

function setup(scrollY = 0) {
  vi.spyOn(window, 'scrollY', 'get').mockReturnValue(scrollY);
  let finish: () => void = () => {};
  const onRefresh = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
  );
  render(
    <PullToRefresh onRefresh={onRefresh}>
      <p>内容</p>
    </PullToRefresh>,
  );
  const surface = screen.getByText('内容').parentElement as HTMLElement;
  const drag = (from: number, to: number) => {
    fireEvent.touchStart(surface, { touches: [{ clientY: from }] });
    fireEvent.touchMove(surface, { touches: [{ clientY: to }] });
  };
  return { onRefresh, surface, drag, finish: () => finish() };
}

describe('PullToRefresh', () => {
  it('refreshes when pulled far enough from the top, and settles when the refresh ends', async () => {
    const { onRefresh, surface, drag, finish } = setup();
    drag(100, 180);
    expect(screen.getByRole('status').textContent).toBe('下拉刷新');
    fireEvent.touchMove(surface, { touches: [{ clientY: 240 }] });
    expect(screen.getByRole('status').textContent).toBe('释放立即刷新');
    fireEvent.touchEnd(surface);
    expect(onRefresh).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toBe('正在刷新…');
    await act(async () => finish());
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('does nothing for a short pull', () => {
    const { onRefresh, surface, drag } = setup();
    drag(100, 150);
    fireEvent.touchEnd(surface);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('ignores the gesture when the page is scrolled down', () => {
    const { onRefresh, surface, drag } = setup(300);
    drag(100, 400);
    fireEvent.touchEnd(surface);
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('ignores an upward drag', () => {
    const { onRefresh, surface, drag } = setup();
    drag(300, 100);
    fireEvent.touchEnd(surface);
    expect(onRefresh).not.toHaveBeenCalled();
  });
});
