import { act, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heldAtMostMs, scrollRestMs } from '../../../../ui/scroll-rest/index.ts';
import { rowsOnScreen, useRowsOnScreen } from './use-rows-on-screen.ts';

const rowPx = 100;
const viewport = 800;

/** A list of `count` rows of 100 px from the page's top, placed by window.scrollY (jsdom lays nothing out). */
function listOf(count: number) {
  const list = document.createElement('ol');
  for (let index = 0; index < count; index += 1) {
    const row = document.createElement('li');
    row.className = 'row';
    vi.spyOn(row, 'getBoundingClientRect').mockImplementation(
      () => new DOMRect(0, index * rowPx - window.scrollY, 375, rowPx),
    );
    list.append(row);
  }
  document.body.append(list);
  return list;
}

afterEach(() => {
  vi.useRealTimers();
  window.scrollY = 0;
  document.body.replaceChildren();
});

describe('rowsOnScreen', () => {
  it('finds the rows within the screen and the margin on each side', () => {
    const rows = listOf(30).getElementsByClassName('row');
    expect(rowsOnScreen(rows, viewport, 120)).toEqual({ start: 0, end: 10 });
    window.scrollY = 500;
    // Row 3 ends 100 px above the screen (within 120 px); row 14 starts 900 px down (within 920).
    expect(rowsOnScreen(rows, viewport, 120)).toEqual({ start: 3, end: 15 });
    window.scrollY = 5000;
    expect(rowsOnScreen(rows, viewport, 120)).toEqual({ start: 30, end: 30 });
  });

  it('reads a few rows of a long list, not every row', () => {
    const list = listOf(1000);
    const rows = list.getElementsByClassName('row');
    window.scrollY = 60_000;
    expect(rowsOnScreen(rows, viewport, 120)).toEqual({ start: 598, end: 610 });
    const read = [...rows].filter((row) => vi.mocked(row.getBoundingClientRect).mock.calls.length > 0);
    expect(read.length).toBeLessThanOrEqual(25);
  });
});

describe('useRowsOnScreen', () => {
  const jsdomViewport = window.innerHeight;
  beforeEach(() => {
    window.innerHeight = viewport;
  });
  afterEach(() => {
    window.innerHeight = jsdomViewport;
  });

  it('reports the rows on screen at once, then only once a scroll has rested', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const list = { current: listOf(100) };
    const { result } = renderHook(() => useRowsOnScreen(list, 'row', 100));
    expect(result.current).toEqual({ start: 0, end: 10 });

    act(() => {
      window.scrollY = 2000;
      fireEvent.scroll(window);
      vi.advanceTimersByTime(scrollRestMs - 50);
    });
    expect(result.current).toEqual({ start: 0, end: 10 });
    act(() => {
      window.scrollY = 2500;
      fireEvent.scroll(window);
      vi.advanceTimersByTime(scrollRestMs - 50);
    });
    expect(result.current).toEqual({ start: 0, end: 10 });
    act(() => vi.advanceTimersByTime(50));
    expect(result.current).toEqual({ start: 23, end: 35 });
  });

  it('reports a scroll that never rests within heldAtMostMs', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const list = { current: listOf(100) };
    const { result } = renderHook(() => useRowsOnScreen(list, 'row', 100));
    for (let at = 0; at < heldAtMostMs; at += 50) {
      act(() => {
        window.scrollY += 100;
        fireEvent.scroll(window);
        vi.advanceTimersByTime(50);
      });
    }
    expect(result.current?.start).toBeGreaterThan(0);
  });
});
