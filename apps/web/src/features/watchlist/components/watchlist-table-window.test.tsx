import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rowOf } from '../testing/watchlist-fixtures.ts';
import { rowHeight, WatchlistTable } from './watchlist-table.tsx';

const noop = () => {};
const rows = Array.from({ length: 200 }, (_, index) =>
  rowOf(`${String(600_000 + index)}.SH`, { name: `股票${index}` }),
);

function renderTable() {
  render(
    <WatchlistTable
      rows={rows}
      columns={['price', 'chgPct', 'amount']}
      sort={{ column: 'default', direction: 'desc' }}
      onSort={noop}
      editing={false}
      selected={new Set()}
      onToggle={noop}
      onOpen={noop}
      onMenu={noop}
      onPin={noop}
      onDelete={noop}
    />,
  );
  return screen.getByRole('list', { name: '自选列表' });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the watchlist at rest', () => {
  it('mounts every row of a 200-item list while the page rests, so a scroll through it mounts none', async () => {
    let scrollY = 0;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
    const list = renderTable();
    // The first paint builds one screen of rows, not the list.
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(20);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(rows.length), {
      timeout: 10_000,
    });
    const mounted = within(list).getAllByRole('listitem');

    // A fling to the bottom and back: every row stays the element it was, none is mounted again.
    for (const to of [rows.length * rowHeight, 0]) {
      act(() => {
        scrollY = to;
        vi.spyOn(list, 'getBoundingClientRect').mockReturnValue({ top: -scrollY } as DOMRect);
        window.dispatchEvent(new Event('scroll'));
      });
      await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    }
    const after = within(list).getAllByRole('listitem');
    expect(after).toHaveLength(rows.length);
    expect(after.every((item, index) => item === mounted[index])).toBe(true);
    expect(within(list).getByRole('button', { name: '股票199 600199.SH' })).toBeTruthy();
  }, 20_000);
});
