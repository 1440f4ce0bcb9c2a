import { api } from '@zhicai/contract';
import { limitPrices } from '@zhicai/domain';
import { describe, expect, it } from 'vitest';
import { openMarket } from '../../market/market.ts';
import { maxLofPremium } from '../../market/providers/demo/lof-listings.ts';
import { call } from '../../test/call.ts';
import { useMarketSession } from '../../test/market-session.ts';
import { openQuoteSocket } from '../../test/quote-socket-client.ts';

// LOFs trade on their exchange too: 161725.OF (招商中证白酒指数(LOF), NAV only) is also listed as
// 161725.SZ, whose price is the fund's NAV plus a small premium or discount.

const session = useMarketSession();

async function navsOf(code: string): Promise<Map<number, number>> {
  const rows = (await session.context.market.repositories.series.readSeries(code, 'nav')) as [
    number,
    number,
    number,
  ][];
  return new Map(rows.map(([day, nav]) => [day, nav]));
}

/** How far a close may sit from NAV × (1 ± band): half a 0.001 tick, relative to the NAV. */
const withinBand = (close: number, nav: number) =>
  Math.abs(close / nav - 1) <= maxLofPremium * 1.0001 + 0.0005 / nav;

describe('LOF exchange listings', () => {
  it('lists every LOF on its exchange, with a bar for every day the fund has a NAV', async () => {
    const { directory, repositories } = session.context.market;
    const lofs = directory.ofType('fund_lof');
    expect(lofs.length).toBeGreaterThanOrEqual(15);
    for (const fund of lofs) {
      const digits = fund.code.slice(0, 6);
      const listing = directory.get(`${digits}.${digits.startsWith('5') ? 'SH' : 'SZ'}`);
      expect(listing, fund.code).toMatchObject({
        name: fund.name,
        type: 'fund_onside',
        board: 'lof',
        series: 'day',
      });
      const navs = await navsOf(fund.code);
      const bars = (await repositories.series.readSeries(listing?.code ?? '', 'day')) as number[][];
      expect(bars.map((row) => row[0])).toEqual([...navs.keys()]);
      // Histories run from each fund's inception: one assertion over all days keeps this quick.
      const outside = bars
        .filter(([day, , , , , close]) => !withinBand(close ?? 0, navs.get(day ?? 0) ?? 1))
        .map(([day]) => `${listing?.code} ${day}`);
      expect(outside).toEqual([]);
    }
  }, 30_000);

  it('answers realTime for 161725.SZ with a live price, and 161725.OF still with its NAV', async () => {
    const { datas } = await call(session.context, api.market.realTime, {
      query: { codes: '161725.SZ,161725.OF' },
    });
    const [listing, fund] = datas;
    expect(listing).toMatchObject({
      code: '161725.SZ',
      name: '招商中证白酒指数(LOF)',
      type: 'fund_onside',
      status: 'trading',
      tradingDay: 20261120,
    });
    expect(fund).toMatchObject({ code: '161725.OF', type: 'fund_lof', status: 'closed' });
    const prevClose = listing?.prevClose ?? 0;
    expect(listing?.price).toBeGreaterThan(0);
    // An LOF keeps ±10% limits, in 0.001 yuan steps as on-exchange funds trade.
    expect([listing?.limitUp, listing?.limitDown]).toEqual(Object.values(limitPrices(prevClose, 0.1, 0.001)));
    // Yesterday's close sits within the premium band of yesterday's NAV, the fund's latest.
    expect(withinBand(prevClose, fund?.price ?? 1)).toBe(true);
  });

  it('serves the daily history of 161725SZ ending with the live day', async () => {
    const { status, datas } = await call(session.context, api.market.dayKV2, {
      params: { code: '161725SZ' },
    });
    expect(status).toBe(200);
    expect(datas.list.length).toBeGreaterThan(200);
    expect(datas.list.at(-1)?.[0]).toBe(20261120);
    expect(datas.factors).toEqual([[datas.list[0]?.[0], 1]]);
    for (const [index, row] of datas.list.entries()) {
      const [, prevClose, open, high, low, close] = row;
      expect(close).not.toBeNull();
      expect(high).toBeGreaterThanOrEqual(Math.max(open ?? 0, close ?? 0));
      expect(low).toBeLessThanOrEqual(Math.min(open ?? Infinity, close ?? Infinity));
      expect(Math.abs((close ?? 0) / (prevClose ?? 1) - 1)).toBeLessThanOrEqual(0.1005);
      const previous = datas.list[index - 1];
      if (previous) expect(prevClose).toBe(previous[5]);
    }
  });

  // Regression: search listed 161725.SZ and 161725.OF under the same label, and the listing opened
  // the fund page anyway. An LOF is one instrument: one hit, the fund, whose page shows both prices.
  it('is found once, as its fund, by number, by listing code and by name', async () => {
    for (const keyword of ['161725', '161725.SZ', '161725.OF', '招商中证白酒']) {
      const hits = (await call(session.context, api.market.search, { query: { keyword } })).datas;
      const ours = hits.filter((hit) => hit.code.startsWith('161725'));
      expect(ours, keyword).toEqual([expect.objectContaining({ code: '161725.OF', type: 'fund_lof' })]);
      const grouped = (await call(session.context, api.market.searchV4, { query: { keyword } })).datas;
      const funds = grouped.funds.filter((hit) => hit.code.startsWith('161725'));
      expect(
        funds.map((hit) => hit.code),
        keyword,
      ).toEqual(['161725.OF']);
    }
  });

  it('stays out of the ETF rankings', async () => {
    const page = (await call(session.context, api.market.getRank, { query: { id: 'etf-rise', size: 100 } }))
      .datas;
    const codes = page.list.map((row) => row.code);
    // The 60 ETFs of the demo catalogue, and not one LOF listing.
    expect(page.total).toBe(60);
    expect(codes).toContain('510300.SH');
    expect(codes.some((code) => /^(16\d{4}\.SZ|50\d{4}\.SH)$/.test(code))).toBe(false);
  });

  it('ticks over the socket while the market is open', async () => {
    await session.context.app.ready();
    const { socket, next, nextIs } = await openQuoteSocket(session.context.app, '/ws?node=3');
    expect(await next()).toMatchObject({ type: 'hello' });
    socket.send(JSON.stringify({ type: 'subscribe', codes: ['161725.SZ'] }));
    const snapshot = await nextIs('snapshot');
    expect(snapshot.quotes.map((item) => item.code)).toEqual(['161725.SZ']);
    session.now += 60_000;
    await session.context.market.engine.beat();
    const tick = await nextIs('tick');
    expect(tick.type).toBe('tick');
    expect(tick.rows.map((row) => row[0])).toEqual(['161725.SZ']);
    expect(tick.rows[0]?.[1]).toBe(session.context.market.engine.quote('161725.SZ')?.price);
    socket.terminate();
  });

  it("closes the live day at the price the rolled-in bar keeps, within the band of that day's NAV", async () => {
    // After the close the live session has ended; its close is today's price.
    session.now = Date.parse('2026-11-20T07:30:00Z');
    await session.context.market.engine.beat();
    const live = session.context.market.engine.quote('161725.SZ');
    expect(live).toMatchObject({ tradingDay: 20261120, status: 'closed' });
    const minutes = session.context.market.engine.minuteRows('161725.SZ', 1, []);
    expect(minutes.at(-1)?.[1]).toBe(live?.price);

    // Monday morning: Friday's session is rolled into the stored history, NAVs and bars alike.
    session.now = Date.parse('2026-11-23T00:30:00Z');
    await session.context.market.engine.beat();
    const bars = (await session.context.market.repositories.series.readSeries(
      '161725.SZ',
      'day',
    )) as number[][];
    const friday = bars.find((row) => row[0] === 20261120);
    expect(friday?.[5]).toBe(live?.price);
    const nav = (await navsOf('161725.OF')).get(20261120);
    expect(nav).toBeDefined();
    expect(withinBand(friday?.[5] ?? 0, nav ?? 1)).toBe(true);
  });

  it('are added to a market stored before LOFs had listings, with the same history', async () => {
    const { db } = session.context.database;
    const before = await session.context.market.repositories.series.readSeries('161725.SZ', 'day');
    for (const table of ['instruments', 'daily_series', 'adjustment_factors', 'share_changes'] as const)
      await db.deleteFrom(table).where('code', '=', '161725.SZ').execute();
    const reopened = await openMarket({ db, clock: () => new Date(session.now), source: 'demo' });
    expect(reopened.prepared.action).toBe('rolled');
    expect(reopened.directory.get('161725.SZ')?.type).toBe('fund_onside');
    expect(await reopened.repositories.series.readSeries('161725.SZ', 'day')).toEqual(before);
    const again = await openMarket({ db, clock: () => new Date(session.now), source: 'demo' });
    expect(again.prepared.action).toBe('current');
  });
});
