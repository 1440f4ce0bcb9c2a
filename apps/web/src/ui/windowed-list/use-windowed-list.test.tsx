import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useWindowedList } from './use-windowed-list.ts';

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
