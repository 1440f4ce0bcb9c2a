import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '../../../platform/session/local-store.ts';
import { openFakeQuoteSocket } from '../../../platform/socket/fake-socket.ts';
import { ok, stubApi } from '../../../testing/api-stub.ts';
import { tickOf } from '../../../testing/quote-fixtures.ts';
import { renderPages } from '../../../testing/render.tsx';
import { heldAtMostMs } from '../../../ui/scroll-rest/index.ts';
import FavoritePage from '../pages/favorite-page.tsx';
import { average, columns, groups, rowOf } from '../testing/watchlist-fixtures.ts';

// Each figure a row draws, counted by the row's code: a row that renders again draws its figures again.
const drawn = vi.hoisted(() => new Map<string, number>());
vi.mock('./figure-cell.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof import('./figure-cell.tsx')>();
  return {
    FigureCell: (props: Parameters<typeof original.FigureCell>[0]) => {
      drawn.set(props.row.code, (drawn.get(props.row.code) ?? 0) + 1);
      return original.FigureCell(props);
    },
  };
});

const items = [
  rowOf('600519.SH'),
  rowOf('000001.SZ', { name: '平安银行', price: 10.5 }),
  rowOf('600036.SH', { name: '招商银行', price: 35.2 }),
];

beforeEach(() => {
  localStore.getState().setToken('jwt-watchlist');
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStore.getState().setToken(null);
  drawn.clear();
});

/** /favorite with the three rows, once their codes are followed on the socket. */
async function followedList() {
  const { socket, server } = openFakeQuoteSocket();
  stubApi({
    'watchlist.optGroupList': ok(groups),
    'watchlist.sortGet': ok(columns),
    'watchlist.avgChg': ok(average),
    'watchlist.listOptionalV4Items': ok({ groupId: 1, seq: 1, items }),
  });
  renderPages('/favorite', { '/favorite': <FavoritePage socket={socket} /> });
  const list = await screen.findByRole('list', { name: '自选列表' });
  await waitFor(() => expect(socket.subscribedCodes()).toEqual(items.map((row) => row.code)));
  return { server, list };
}

describe('watchlist rows', () => {
  it('render again only for the row a tick moves, not for the rows beside it', async () => {
    const { server, list } = await followedList();
    const before = new Map(drawn);

    act(() => server().serverSends(tickOf(2, [['000001.SZ', 11, 10.4, 11, 10.3, 1000, 11_000]])));
    const pingan = within(list).getByRole('button', { name: '平安银行 000001.SZ' });
    await waitFor(() => expect(pingan.textContent).toContain('11.00'));

    expect(drawn.get('000001.SZ')).toBeGreaterThan(before.get('000001.SZ') ?? 0);
    expect(drawn.get('600519.SH')).toBe(before.get('600519.SH'));
    expect(drawn.get('600036.SH')).toBe(before.get('600036.SH'));
  });

  it('hold a tick that arrives during a scroll, and show it once the scroll rests', async () => {
    const { server, list } = await followedList();
    const pingan = within(list).getByRole('button', { name: '平安银行 000001.SZ' });

    act(() => {
      window.dispatchEvent(new Event('scroll'));
      server().serverSends(tickOf(2, [['000001.SZ', 11, 10.4, 11, 10.3, 1000, 11_000]]));
    });
    // Rendering the rows' new figures mid-scroll would cost the scroll its frames.
    expect(pingan.textContent).toContain('10.50');
    await waitFor(() => expect(pingan.textContent).toContain('11.00'), { timeout: heldAtMostMs + 1000 });
  });

  it('take ticks only while on screen: a row off screen keeps its last figures', async () => {
    // 40 rows: a phone screen (768 px in jsdom) shows the first 15, and the rest mount while the page rests.
    const long = Array.from({ length: 40 }, (_, index) =>
      rowOf(`${String(600_100 + index)}.SH`, { name: `股票${index}`, price: 10.5 }),
    );
    const { socket, server } = openFakeQuoteSocket();
    stubApi({
      'watchlist.optGroupList': ok(groups),
      'watchlist.sortGet': ok(columns),
      'watchlist.avgChg': ok(average),
      'watchlist.listOptionalV4Items': ok({ groupId: 1, seq: 1, items: long }),
    });
    renderPages('/favorite', { '/favorite': <FavoritePage socket={socket} /> });
    const list = await screen.findByRole('list', { name: '自选列表' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(long.length), {
      timeout: 5000,
    });
    await waitFor(() => expect(socket.subscribedCodes()).toContain('600100.SH'));
    expect(socket.subscribedCodes()).not.toContain('600139.SH');

    act(() =>
      server().serverSends(
        tickOf(2, [
          ['600100.SH', 11, 10.4, 11, 10.3, 1000, 11_000],
          ['600139.SH', 12, 10.4, 12, 10.3, 1000, 12_000],
        ]),
      ),
    );
    const first = within(list).getByRole('button', { name: '股票0 600100.SH' });
    await waitFor(() => expect(first.textContent).toContain('11.00'));
    const last = within(list).getByRole('button', { name: '股票39 600139.SH' });
    expect(last.textContent).toContain('10.50');
  }, 15_000);
});
