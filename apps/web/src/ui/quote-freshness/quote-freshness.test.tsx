import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuoteFreshness } from './quote-freshness.tsx';
import { beijingClock, staleAfterMs } from './use-quote-freshness.ts';

// 2024-06-28 07:30:05 UTC = 15:30:05 Beijing.
const base = Date.UTC(2024, 5, 28, 7, 30, 5);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(base);
});

afterEach(() => {
  vi.useRealTimers();
});

function marker() {
  return screen.getByText('600519').closest('.quote-freshness')?.getAttribute('data-stale');
}

describe('quote freshness (issue 3 item 7)', () => {
  it('marks quotes stale after exactly 6 s without a tick', () => {
    expect(staleAfterMs).toBe(6000);
    render(
      <QuoteFreshness lastTickAt={base}>
        <span>600519</span>
      </QuoteFreshness>,
    );
    expect(marker()).toBe('false');
    act(() => vi.advanceTimersByTime(5999));
    expect(marker()).toBe('false');
    act(() => vi.advanceTimersByTime(1));
    expect(marker()).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('行情延迟 · 最后更新 15:30:05');
  });

  it('is fresh again at once when a new tick arrives', () => {
    const view = render(
      <QuoteFreshness lastTickAt={base}>
        <span>600519</span>
      </QuoteFreshness>,
    );
    act(() => vi.advanceTimersByTime(7000));
    expect(marker()).toBe('true');
    view.rerender(
      <QuoteFreshness lastTickAt={base + 7000}>
        <span>600519</span>
      </QuoteFreshness>,
    );
    expect(marker()).toBe('false');
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(6000));
    expect(screen.getByRole('status').textContent).toBe('行情延迟 · 最后更新 15:30:12');
  });

  it('counts from mount before the first tick and shows -- as the time', () => {
    render(
      <QuoteFreshness lastTickAt={null}>
        <span>600519</span>
      </QuoteFreshness>,
    );
    act(() => vi.advanceTimersByTime(6000));
    expect(screen.getByRole('status').textContent).toBe('行情延迟 · 最后更新 --');
  });

  it('marks nothing while inactive (market closed)', () => {
    render(
      <QuoteFreshness lastTickAt={base} active={false}>
        <span>600519</span>
      </QuoteFreshness>,
    );
    act(() => vi.advanceTimersByTime(60_000));
    expect(marker()).toBe('false');
  });

  it('formats Beijing time across the UTC date line', () => {
    expect(beijingClock(Date.UTC(2024, 11, 31, 16, 0, 1))).toBe('00:00:01');
    expect(beijingClock(null)).toBe('--');
  });
});
