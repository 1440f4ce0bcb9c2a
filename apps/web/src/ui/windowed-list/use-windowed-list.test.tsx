import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onScreenMaxWaitMs, onScreenSettleMs, useWindowedList } from './use-windowed-list.ts';

const rowHeight = () => 58;

function setup(initial: readonly string[]) {
  const element = document.createElement('ul');
  document.body.append(element);
  const placed = vi.spyOn(element, 'getBoundingClientRect');
  const list = { current: element };
  const view = renderHook(({ keys }) => useWindowedList({ list, keys, estimate: rowHeight }), {
    initialProps: { keys: initial },
  });
  return { placed, rerender: (keys: readonly string[]) => view.rerender({ keys }) };
}

describe('useWindowedList on a live list', () => {
  const codes = Array.from({ length: 200 }, (_, index) => `6${String(index).padStart(5, '0')}.SH`);

  // Regression: the watchlist hands in a new keys array on every quote tick, and each one placed
  // the window again inside React's commit, a forced layout on every tick while scrolling.
  it('does not read the layout when a tick hands in the same keys in a new array', () => {
    const { placed, rerender } = setup(codes);
    placed.mockClear();
    rerender([...codes]);
    rerender(codes.map((code) => code));
    expect(placed).not.toHaveBeenCalled();
  });

  it('places the window again when the keys change', () => {
    const { placed, rerender } = setup(codes);
    placed.mockClear();
    rerender(['000001.SZ', ...codes]);
    expect(placed).toHaveBeenCalled();
    placed.mockClear();
    rerender(codes.slice(1));
    expect(placed).toHaveBeenCalled();
  });
});

describe('useWindowedList reporting the rows on screen', () => {
  const codes = Array.from({ length: 500 }, (_, index) => `code-${index}`);

  function scrolling() {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'Date', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    let scrollY = 0;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
    const element = document.createElement('ul');
    document.body.append(element);
    vi.spyOn(element, 'getBoundingClientRect').mockImplementation(() => ({ top: -scrollY }) as DOMRect);
    const onScreen = vi.fn();
    renderHook(() =>
      useWindowedList({ list: { current: element }, keys: codes, estimate: rowHeight, onScreen }),
    );
    vi.advanceTimersByTime(20);
    /** One scrolled frame: the page moves by `px` and the next animation frame runs. */
    const frame = (px: number) => {
      scrollY += px;
      window.dispatchEvent(new Event('scroll'));
      vi.advanceTimersByTime(16);
    };
    return { onScreen, frame };
  }

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('reports once the scroll has rested, not on every frame', () => {
    const { onScreen, frame } = scrolling();
    expect(onScreen).toHaveBeenCalledTimes(1);
    for (let index = 0; index < 10; index += 1) frame(58);
    expect(onScreen).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(onScreenSettleMs);
    expect(onScreen).toHaveBeenCalledTimes(2);
    // 580 px down, with the 120 px margin above the screen: from row 7 (406–464 px) on.
    expect(onScreen).toHaveBeenLastCalledWith(expect.objectContaining({ start: 7 }));
  });

  it('reports during a long scroll at least every onScreenMaxWaitMs, arming one timer for it', () => {
    const { onScreen, frame } = scrolling();
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const frames = Math.ceil(onScreenMaxWaitMs / 16) + 2;
    for (let index = 0; index < frames; index += 1) frame(58);
    expect(onScreen).toHaveBeenCalledTimes(2);
    // One timer for the report made at the max wait and one for the next, not one a frame.
    const reportTimers = timers.mock.calls.filter(([, ms]) => ms === onScreenSettleMs);
    expect(reportTimers.length).toBe(2);
  });
});
