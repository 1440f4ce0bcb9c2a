import { act, screen, waitFor } from '@testing-library/react';
import { socketProtocolVersion } from '@zhicai/contract';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, stubApi } from '../../testing/api-stub.ts';
import { flatQuoteOf, snapshotOf, tickOf } from '../../testing/quote-fixtures.ts';
import { renderPages } from '../../testing/render.tsx';
import { openFakeQuoteSocket } from '../socket/fake-socket.ts';
import type { QuoteSocket } from '../socket/quote-socket.ts';
import { knownSocketProtocolVersion, useLiveQuotes } from './use-live-quotes.ts';

const moutai = '600519.SH';
const pingan = '000001.SZ';

afterEach(() => {
  vi.unstubAllGlobals();
});

function Prices({ codes, socket, enabled }: { codes: string[]; socket: QuoteSocket; enabled?: boolean }) {
  const live = useLiveQuotes(codes, { socket, enabled });
  return (
    <div>
      <p>{`status:${live.status}`}</p>
      <p>{`tick:${live.lastTickAt ?? 'none'}`}</p>
      {codes.map((code) => (
        <p
          key={code}
        >{`${code}=${live.quotes.get(code)?.price ?? '--'}/${live.quotes.get(code)?.chg ?? '--'}`}</p>
      ))}
      <button type="button" onClick={() => void live.refresh()}>
        刷新
      </button>
    </div>
  );
}

function renderPrices(prices: ReactNode) {
  renderPages('/', { '/': prices });
}

describe('useLiveQuotes', () => {
  it('holds the socket protocol version the contract announces', () => {
    expect(knownSocketProtocolVersion).toBe(socketProtocolVersion);
  });

  it('loads realTime, subscribes, merges ticks, and asks for a snapshot after a gap', async () => {
    const http = stubApi({
      'market.realTime': (params) => ok(params.codes.map((code) => flatQuoteOf(code))),
    });
    const { socket, server } = openFakeQuoteSocket();
    renderPrices(<Prices codes={[moutai, pingan]} socket={socket} />);
    expect(screen.getByText('status:loading')).toBeTruthy();
    await screen.findByText('status:ready');
    expect(screen.getByText(`${moutai}=100/0`)).toBeTruthy();
    expect(http.requests('market.realTime')[0]?.url.searchParams.get('codes')).toBe(`${moutai},${pingan}`);
    expect(server().sent).toEqual([{ type: 'subscribe', codes: [moutai, pingan] }]);

    act(() =>
      server().serverSends(snapshotOf(5, [flatQuoteOf(moutai, { price: 101, chg: 1, time: 9_000 })])),
    );
    expect(screen.getByText(`${moutai}=101/1`)).toBeTruthy();
    act(() => server().serverSends(tickOf(6, [[pingan, 102, 100, 102, 100, 10, 1_000]])));
    expect(screen.getByText(`${pingan}=102/2`)).toBeTruthy();
    expect(screen.getByText(/^tick:\d+$/)).toBeTruthy();

    // seq 8 after 6: a tick was lost. Nothing applies until the snapshot comes.
    act(() => server().serverSends(tickOf(8, [[pingan, 90, 100, 102, 90, 20, 2_000]])));
    expect(server().sent.at(-1)).toEqual({ type: 'snapshot' });
    expect(screen.getByText(`${pingan}=102/2`)).toBeTruthy();
    act(() =>
      server().serverSends(snapshotOf(8, [flatQuoteOf(pingan, { price: 90, chg: -10, time: 9_100 })])),
    );
    expect(screen.getByText(`${pingan}=90/-10`)).toBeTruthy();
    act(() => server().serverSends(tickOf(9, [[pingan, 95, 100, 102, 90, 30, 3_000]])));
    expect(screen.getByText(`${pingan}=95/-5`)).toBeTruthy();
    socket.stop();
  });

  it('shows an error when realTime fails and the socket brought nothing', async () => {
    stubApi({ 'market.realTime': failure('999', '服务繁忙') });
    const { socket } = openFakeQuoteSocket();
    renderPrices(<Prices codes={[moutai]} socket={socket} />);
    await screen.findByText('status:error');
    socket.stop();
  });

  it('neither calls nor subscribes while disabled', async () => {
    const http = stubApi({});
    const { socket, server } = openFakeQuoteSocket();
    renderPrices(<Prices codes={[moutai]} socket={socket} enabled={false} />);
    await waitFor(() => expect(screen.getByText('status:loading')).toBeTruthy());
    expect(http.fetch).not.toHaveBeenCalled();
    expect(server().sent).toEqual([]);
    socket.stop();
  });

  it('reloads realTime on refresh', async () => {
    let price = 100;
    const http = stubApi({ 'market.realTime': () => ok([flatQuoteOf(moutai, { price, time: price })]) });
    const { socket } = openFakeQuoteSocket();
    renderPrices(<Prices codes={[moutai]} socket={socket} />);
    await screen.findByText(`${moutai}=100/0`);
    price = 120;
    act(() => screen.getByRole('button', { name: '刷新' }).click());
    await screen.findByText(`${moutai}=120/0`);
    expect(http.calls('market.realTime')).toHaveLength(2);
    socket.stop();
  });

  it('ignores socket quotes and polls when the server speaks a newer protocol', async () => {
    stubApi({ 'market.realTime': ok([flatQuoteOf(moutai)]) });
    const { socket, server } = openFakeQuoteSocket();
    renderPrices(<Prices codes={[moutai]} socket={socket} />);
    await screen.findByText(`${moutai}=100/0`);
    act(() => server().serverSends({ type: 'hello', v: knownSocketProtocolVersion + 1, serverTime: 1 }));
    act(() => server().serverSends(snapshotOf(1, [flatQuoteOf(moutai, { price: 1, time: 99_999 })])));
    expect(screen.getByText(`${moutai}=100/0`)).toBeTruthy();
    socket.stop();
  });
});
