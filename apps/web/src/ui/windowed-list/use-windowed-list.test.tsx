import { act, renderHook } from '@testing-library/react';
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

describe('useWindowedList mounting rows ahead while the page rests', () => {
  const codes = Array.from({ length: 300 }, (_, index) => `code-${index}`);
  const viewport = 768;

  function scrolled() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'requestAnimationFrame'] });
    let scrollY = 0;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(viewport);
    const element = document.createElement('ul');
    document.body.append(element);
    vi.spyOn(element, 'getBoundingClientRect').mockImplementation(() => ({ top: -scrollY }) as DOMRect);
    const view = renderHook(() =>
      useWindowedList({ list: { current: element }, keys: codes, estimate: rowHeight }),
    );
    /** One animation frame, the page moved by `px` before it. */
    const frame = (px = 0) =>
      act(() => {
        scrollY += px;
        if (px !== 0) window.dispatchEvent(new Event('scroll'));
        vi.advanceTimersByTime(16);
      });
    const onScreen = () => ({
      first: Math.floor(scrollY / 58),
      last: Math.min(codes.length, Math.ceil((scrollY + viewport) / 58)),
    });
    return { view, frame, onScreen };
  }

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('grows to the idle overscan a screen of rows at a time while the page rests, not during a scroll', () => {
    const { view, frame } = scrolled();
    // The first render is one screen of rows (768 px: 14), nothing beyond; the next frame adds the
    // 600 px overscan (to row 24).
    expect(view.result.current).toMatchObject({ start: 0, end: 14 });
    frame();
    expect(view.result.current.end).toBe(24);
    // Then, once the page has rested, 12 rows an idle slice up to 2,400 px below the screen (row 55).
    act(() => vi.advanceTimersByTime(onScreenSettleMs - 1));
    expect(view.result.current.end).toBe(24);
    const ends: number[] = [];
    for (let slice = 0; slice < 4; slice += 1) {
      act(() => vi.advanceTimersByTime(50));
      ends.push(view.result.current.end);
    }
    expect(ends).toEqual([36, 48, 55, 55]);
    // A scroll within the mounted rows renders nothing, and drops none of them.
    const rendered = view.result.current;
    for (let index = 0; index < 10; index += 1) frame(58);
    expect(view.result.current).toBe(rendered);
  });

  it('shows every row on screen on every frame of a scroll through the whole list', () => {
    const { view, frame, onScreen } = scrolled();
    const shown = new Set<number>();
    let frames = 0;
    while (onScreen().last < codes.length) {
      // A quick flick: four rows a frame.
      frame(58 * 4);
      frames += 1;
      const { start, end } = view.result.current;
      const { first, last } = onScreen();
      expect(start).toBeLessThanOrEqual(first);
      expect(end).toBeGreaterThanOrEqual(last);
      for (let index = start; index < end; index += 1) shown.add(index);
      expect(frames).toBeLessThan(200);
    }
    expect(shown.size).toBe(codes.length);
  });
});
