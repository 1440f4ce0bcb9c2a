import { api } from '@zhicai/contract';
import type { DayBarRow } from '@zhicai/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/call.ts';
import { composedIndexRow } from '../test/index-bars.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { type Market, openMarket } from './market.ts';

// Friday 2026-12-04 after the close in Shanghai: the generated history ends before December's
// review, which takes effect on Monday 14 December (the trading day after the second Friday, the 11th).
let now = new Date('2026-12-04T08:30:00Z');
const reviewDay = 20261214;
let context: TestContext;
let rolled: Market;
let membersBefore: [string, number][];

beforeAll(async () => {
  context = await createTestApp({ apiLock: false, clock: () => now, market: true });
  membersBefore = context.market.directory
    .membersOf('000300.SH')
    .map((member): [string, number] => [member.code, member.quantity ?? 0])
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  // The first server's beats wait for the last test: its timer would otherwise roll the same days
  // while the restart below does.
  context.market.engine.stop();
  // Wednesday 16 December in the evening: the restart rolls 7–16 December in, across the review.
  now = new Date('2026-12-16T12:00:00Z');
  rolled = await openMarket({ db: context.database.db, clock: () => now, source: 'demo' });
}, 180_000);
afterAll(async () => {
  await context?.close();
});

async function dayRows(code: string): Promise<Map<number, DayBarRow>> {
  const rows = (await rolled.repositories.series.readSeries(code, 'day')) as DayBarRow[];
  return new Map(rows.map((row) => [row[0], row]));
}

describe('an index review the roll-forward passes', () => {
  it('is recorded with its effective day, and its members become the current ones', async () => {
    expect(rolled.prepared.action).toBe('rolled');
    const reviews = await rolled.repositories.memberships.listIndexReviews('000300.SH');
    expect(reviews.at(-2)?.fromDay).toBe(20260615);
    const review = reviews.at(-1);
    expect(review?.fromDay).toBe(reviewDay);
    // The review before it was generated; this one was picked at 11 December's closes, so at least
    // the quantities of the capped leaders moved.
    expect(review?.members).not.toEqual(membersBefore);
    const current = rolled.directory.membersOf('000300.SH');
    expect(
      current
        .map((member): [string, number] => [member.code, member.quantity ?? 0])
        .sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    ).toEqual(review?.members);
    // Its stored weights are those at the review's prices: they sum to one and respect the 10% cap.
    const total = current.reduce((sum, member) => sum + member.weight, 0);
    expect(total).toBeCloseTo(1, 4);
    for (const member of current) expect(member.weight).toBeLessThanOrEqual(0.1 + 1e-6);
    // Every composed index was reviewed on the same day.
    for (const code of ['399006.SZ', '801080.ZSI', 'HSI.HI']) {
      const list = await rolled.repositories.memberships.listIndexReviews(code);
      expect(list.at(-1)?.fromDay, code).toBe(reviewDay);
    }
  });

  it('composes the bars before it from the old members and those from it on from the new', async () => {
    const reviews = await rolled.repositories.memberships.listIndexReviews('000300.SH');
    expect(reviews.at(-1)?.fromDay).toBe(reviewDay);
    const rows = [...(await dayRows('000300.SH')).values()].filter((row) => row[0] > 20261204);
    expect(rows.map((row) => row[0])).toEqual([
      20261207, 20261208, 20261209, 20261210, 20261211, 20261214, 20261215, 20261216,
    ]);
    const memberRows = new Map<string, Map<number, DayBarRow>>();
    for (const review of reviews.slice(-2))
      for (const [code] of review.members)
        if (!memberRows.has(code)) memberRows.set(code, await dayRows(code));
    let previous: DayBarRow | undefined;
    for (const row of rows) {
      const members = row[0] < reviewDay ? membersBefore : (reviews.at(-1)?.members ?? []);
      const expected = composedIndexRow(row, members, (code) => memberRows.get(code)?.get(row[0]));
      expect(row, String(row[0])).toEqual(expected);
      if (previous) expect(row[1]).toBe(previous[5]);
      previous = row;
    }
  });

  it('moves the ETF on the index to the new members in the new weights', async () => {
    const members = rolled.directory.membersOf('000300.SH');
    const holdings = await rolled.repositories.memberships.listHoldings('510300.SH');
    expect(new Set(holdings.map((row) => row.member_code))).toEqual(
      new Set(members.map((member) => member.code)),
    );
    const share =
      (holdings[0]?.weight ?? 0) / (members.find((m) => m.code === holdings[0]?.member_code)?.weight ?? 1);
    for (const row of holdings) {
      const weight = members.find((member) => member.code === row.member_code)?.weight ?? 0;
      expect(row.weight).toBeCloseTo(weight * share, 5);
    }
  });

  it('quotes the index after the roll at its stored close', async () => {
    const quote = rolled.engine.quote('000300.SH');
    const last = (await dayRows('000300.SH')).get(20261216);
    expect(quote).toMatchObject({ tradingDay: 20261216, price: last?.[5] });
  });
});

describe('a running server whose clock crosses the review', () => {
  it('takes up the reviewed members when it rolls, in its directory, its quotes and its constituents', {
    timeout: 60_000,
  }, async () => {
    // The server started before the review; the roll it meets (here written by the restart above,
    // as another instance would) replaced the members, and its next beat reads them.
    const { directory, engine } = context.market;
    // The next morning, before the open: a server rolls the finished sessions in then.
    now = new Date('2026-12-17T00:30:00Z');
    await engine.beat();
    const review = (await rolled.repositories.memberships.listIndexReviews('000300.SH')).at(-1);
    expect(
      directory
        .membersOf('000300.SH')
        .map((member): [string, number] => [member.code, member.quantity ?? 0])
        .sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    ).toEqual(review?.members);
    const stored = (await dayRows('000300.SH')).get(20261216);
    expect(engine.quote('000300.SH')?.price).toBe(stored?.[5]);
    const { datas } = await call(context, api.index.constituents, { query: { code: '000300.SH', size: 50 } });
    const members = new Set(review?.members.map(([code]) => code));
    expect(datas.total).toBe(members.size);
    for (const row of datas.list) expect(members.has(row.code), row.code).toBe(true);
  });
});
