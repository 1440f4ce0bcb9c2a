import { api } from '@zhicai/contract';
import {
  type DayBarRow,
  faceValueDelistingDays,
  faceValueFloor,
  hasFaceValueRule,
  marketBadge,
  tradingDaysBetween,
} from '@zhicai/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/call.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { type Market, openMarket } from './market.ts';
import { priceModelTestHooks } from './providers/demo/price-model.ts';

// Wednesday 2026-09-30 after the close in Shanghai: the generated history ends before the October
// holiday. The restart below rolls 9 October – 16 December in, across December's index review
// (effective Monday 14 December, picked at Friday 11 December's closes).
const historyEnd = 20260930;
const reviewDay = 20261214;
let now = new Date('2026-09-30T08:30:00Z');
let context: TestContext;
let rolled: Market;
let target = '';

beforeAll(async () => {
  context = await createTestApp({ apiLock: false, clock: () => now, market: true });
  // The generator keeps its shares above 1 yuan; the price model's test hook slides the cheapest
  // 沪深300 member on a board the face-value rule covers down its limit every day after the history.
  const candidates = context.market.directory
    .membersOf('000300.SH')
    .map((member) => context.market.directory.get(member.code))
    .filter((instrument) => instrument !== undefined && !instrument.isSt)
    .filter((instrument) => {
      const board = instrument && marketBadge(instrument.code, instrument.type)?.market;
      return board !== undefined && hasFaceValueRule(board);
    })
    .map((instrument) => ({
      code: instrument?.code ?? '',
      price: context.market.engine.quote(instrument?.code ?? '')?.price ?? 0,
    }))
    .sort((a, b) => a.price - b.price);
  target = candidates[0]?.code ?? '';
  priceModelTestHooks.dayReturn = (code, day) => (code === target && day > historyEnd ? -0.2 : null);
  context.market.engine.stop();
  now = new Date('2026-12-16T12:00:00Z');
  rolled = await openMarket({ db: context.database.db, clock: () => now, source: 'demo' });
}, 300_000);
afterAll(async () => {
  priceModelTestHooks.dayReturn = null;
  await context?.close();
}, 60_000);

async function dayRows(code: string): Promise<DayBarRow[]> {
  return (await rolled.repositories.series.readSeries(code, 'day')) as DayBarRow[];
}

describe('the demo market rolling forward over a share that closes below 1 yuan for 20 days', () => {
  it('delists it on the 20th such close, and its history ends there', async () => {
    expect(rolled.prepared.action).toBe('rolled');
    const rows = (await dayRows(target)).filter((row) => row[0] > historyEnd);
    const closes = rows.map((row) => row[5] ?? Number.NaN);
    const firstBelow = closes.findIndex((close) => close < faceValueFloor);
    expect(firstBelow).toBeGreaterThanOrEqual(0);
    // The rule counts trading days with a close; the slide leaves no suspended day in the run here.
    const run = rows.slice(firstBelow);
    expect(run).toHaveLength(faceValueDelistingDays);
    for (const row of run) expect(row[5]).toBeLessThan(faceValueFloor);
    const delistedOn = run.at(-1)?.[0];
    expect(delistedOn).toBeLessThan(reviewDay);
    expect(rolled.directory.get(target)?.delistedDay).toBe(delistedOn);
    // Everything else traded through the last finished session.
    const moutai = await dayRows('600519.SH');
    expect(moutai.at(-1)?.[0]).toBe(20261216);
    expect(tradingDaysBetween('cn', 20261001, 20261216).length).toBeGreaterThan(rows.length);
  });

  it('quotes it as delisted at its last close', async () => {
    const last = (await dayRows(target)).at(-1);
    expect(rolled.engine.quote(target)).toMatchObject({ status: 'delisted', price: last?.[5] });
  });

  it('leaves it out of its indices at their next review, and out of the ETF on them', async () => {
    const reviews = await rolled.repositories.memberships.listIndexReviews('000300.SH');
    expect(reviews.at(-1)?.fromDay).toBe(reviewDay);
    expect(reviews.at(-2)?.members.map(([code]) => code)).toContain(target);
    expect(reviews.at(-1)?.members.map(([code]) => code)).not.toContain(target);
    expect(rolled.directory.membersOf('000300.SH').map((member) => member.code)).not.toContain(target);
    const holdings = await rolled.repositories.memberships.listHoldings('510300.SH');
    expect(holdings.map((row) => row.member_code)).not.toContain(target);
  });

  it('rolls nothing more for it at the next start', { timeout: 120_000 }, async () => {
    now = new Date('2026-12-17T12:00:00Z');
    const next = await openMarket({ db: context.database.db, clock: () => now, source: 'demo' });
    expect(next.prepared.action).toBe('rolled');
    const rows = await dayRows(target);
    expect(rows.at(-1)?.[0]).toBe(rolled.directory.get(target)?.delistedDay);
    expect((await dayRows('600519.SH')).at(-1)?.[0]).toBe(20261217);
    next.engine.stop();
  });
});

describe('a running server whose clock crosses the delisting', () => {
  it('shows the share as delisted after its roll, and trades it no more', { timeout: 60_000 }, async () => {
    // The next morning, before the open: the server rolls the finished sessions in (here written by
    // the restarts above, as another instance would) and reads the delisting with the members.
    now = new Date('2026-12-18T00:30:00Z');
    await context.market.engine.beat();
    expect(context.market.directory.get(target)?.delistedDay).toBe(rolled.directory.get(target)?.delistedDay);
    const [quote] = (await call(context, api.market.realTime, { query: { codes: target } })).datas;
    expect(quote).toMatchObject({ code: target, status: 'delisted' });
  });
});
