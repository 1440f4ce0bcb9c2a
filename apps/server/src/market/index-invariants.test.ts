import { api } from '@zhicai/contract';
import type { DayBarRow } from '@zhicai/domain';
import { describe, expect, it } from 'vitest';
import { call } from '../test/call.ts';
import { composedIndexRow } from '../test/index-bars.ts';
import { FRIDAY_SESSION, useMarketSession } from '../test/market-session.ts';
import { composeIndex } from './index-composition.ts';

// Issue 15 item 9: invariants over the whole generated market, on SQLite here and on PostgreSQL in
// CI's server tier (createTestApp picks the database).
// The clock starts on Friday 2026-11-20 at 10:30 in Shanghai, both markets mid-session; the history
// tests read what is stored, the live tests then move the clock through the day and over the weekend.
const session = useMarketSession(FRIDAY_SESSION, { apiLock: false });

let latestYears: Map<string, DayBarRow[]> | undefined;

/**
 * Every day series' latest stored year, read in one query: reading each series' whole history one by
 * one would take the better part of a minute, and the latest year holds every rule as well.
 */
async function latestDayRows(): Promise<Map<string, DayBarRow[]>> {
  if (!latestYears) {
    latestYears = new Map();
    for (const stored of await session.context.market.repositories.series.readLatestYears())
      if (stored.kind === 'day') latestYears.set(stored.code, stored.rows as DayBarRow[]);
  }
  return latestYears;
}

async function dayRows(code: string): Promise<DayBarRow[]> {
  return (await session.context.market.repositories.series.readSeries(code, 'day')) as DayBarRow[];
}

/** Composed indices with their members sorted by code (the order every composition sums in). */
function composedIndices() {
  const { directory } = session.context.market;
  return directory
    .all()
    .filter((instrument) => instrument.type.startsWith('index_'))
    .map((index) => ({
      index,
      members: directory
        .membersOf(index.code)
        .filter((member) => member.quantity !== undefined)
        .map((member) => ({ code: member.code, quantity: member.quantity ?? 0, weight: member.weight }))
        .sort((a, b) => (a.code < b.code ? -1 : 1)),
    }))
    .filter((entry) => entry.members.length > 0);
}

describe('indices composed from their members', () => {
  it('compose every index of the market', () => {
    const { directory } = session.context.market;
    const indices = directory.all().filter((instrument) => instrument.type.startsWith('index_'));
    expect(composedIndices().map((entry) => entry.index.code)).toEqual(indices.map((index) => index.code));
  });

  /**
   * Checks an index's bars against the formula over the members OF EACH BAR'S DATE: the members and
   * quantities of the latest review on or before it (index rebalancing), chained close to prevClose.
   */
  async function expectComposed(
    indexCode: string,
    rows: readonly DayBarRow[],
    memberRows: (code: string) => ReadonlyMap<number, DayBarRow>,
  ) {
    const reviews = await session.context.market.repositories.memberships.listIndexReviews(indexCode);
    expect(reviews.length, indexCode).toBeGreaterThan(1);
    let previous: DayBarRow | undefined;
    for (const row of rows) {
      const review = reviews.findLast((item) => item.fromDay <= row[0]);
      expect(review, `${indexCode} ${row[0]} review`).toBeDefined();
      const expected = composedIndexRow(row, review?.members ?? [], (code) => memberRows(code).get(row[0]));
      expect(row, `${indexCode} ${row[0]}`).toEqual(expected);
      if (previous) expect(row[1], `${indexCode} ${row[0]} prevClose`).toBe(previous[5]);
      previous = row;
    }
  }

  it('store every bar as the formula over the members of its date, chained close to prevClose', {
    timeout: 120_000,
  }, async () => {
    const latest = await latestDayRows();
    const byDay = new Map<string, Map<number, DayBarRow>>();
    const rowsOf = (code: string) => {
      let rows = byDay.get(code);
      if (!rows) {
        rows = new Map((latest.get(code) ?? []).map((row) => [row[0], row]));
        byDay.set(code, rows);
      }
      return rows;
    };
    for (const { index } of composedIndices())
      await expectComposed(index.code, latest.get(index.code) ?? [], rowsOf);
    // Over the whole five years for a few indices: every review period, back to the first.
    const whole = new Map<string, Map<number, DayBarRow>>();
    const wholeOf = (code: string) => whole.get(code) ?? new Map<number, DayBarRow>();
    for (const code of ['000300.SH', '399006.SZ', '801080.ZSI']) {
      const reviews = await session.context.market.repositories.memberships.listIndexReviews(code);
      for (const member of new Set(reviews.flatMap((review) => review.members.map(([item]) => item))))
        if (!whole.has(member))
          whole.set(member, new Map((await dayRows(member)).map((row) => [row[0], row])));
      await expectComposed(code, await dayRows(code), wholeOf);
    }
  });

  it('review their members in June and December, the current members being the last review’s', async () => {
    const { directory, repositories } = session.context.market;
    let changed = 0;
    for (const { index, members } of composedIndices()) {
      const reviews = await repositories.memberships.listIndexReviews(index.code);
      const [first, ...rest] = reviews.map((review) => review.fromDay);
      // Effective the trading day after June's and December's second Friday (the 8th to the 14th).
      expect(first, index.code).toBeDefined();
      for (const day of rest) {
        expect([6, 12], `${index.code} ${day}`).toContain(Math.floor(day / 100) % 100);
        expect(day % 100, `${index.code} ${day}`).toBeGreaterThan(8);
        expect(day % 100, `${index.code} ${day}`).toBeLessThan(22);
      }
      expect(rest.length, index.code).toBeGreaterThanOrEqual(8);
      const last = reviews.at(-1)?.members ?? [];
      expect(last, index.code).toEqual(members.map((member) => [member.code, member.quantity]));
      const sets = reviews.map((review) => review.members.map(([code]) => code).join(','));
      changed += new Set(sets).size > 1 ? 1 : 0;
    }
    // Prices move and companies list, so reviews change memberships across the market.
    expect(changed).toBeGreaterThan(composedIndices().length / 3);
    expect(directory.membersOf('000300.SH').length).toBeGreaterThan(0);
  });

  it('keep every bar of every series around its open and close', { timeout: 60_000 }, async () => {
    const latest = await latestDayRows();
    const whole = ['000300.SH', 'HSI.HI', '510300.SH'];
    const series = [
      ...latest,
      ...(await Promise.all(whole.map(async (code) => [code, await dayRows(code)] as const))),
    ];
    expect(series.length).toBeGreaterThan(500);
    for (const [code, rows] of series) {
      for (const [day, , open, high, low, close] of rows) {
        if (open === null || high === null || low === null || close === null) continue;
        const label = `${code} ${day}`;
        expect(high, label).toBeGreaterThanOrEqual(Math.max(open, close));
        expect(low, label).toBeLessThanOrEqual(Math.min(open, close));
      }
    }
  });

  it('sit at their real levels, in the real order', () => {
    const { engine } = session.context.market;
    const level = (code: string) => engine.quote(code)?.price ?? 0;
    const near = (code: string, target: number) => {
      expect(level(code), code).toBeGreaterThan(target * 0.9);
      expect(level(code), code).toBeLessThan(target * 1.1);
    };
    near('000001.SH', 3900);
    near('399001.SZ', 12500);
    near('399006.SZ', 2700);
    near('000300.SH', 4500);
    near('000016.SH', 2900);
    near('000905.SH', 7000);
    near('000852.SH', 7300);
    near('000688.SH', 1300);
    near('HSI.HI', 25000);
    expect(level('000001.SH')).toBeLessThan(level('000300.SH') * 1.2);
    expect(level('000300.SH')).toBeGreaterThan(level('000001.SH') * 0.9);
  });

  it('weigh their members to 100% within the family cap at the rebalancing', () => {
    for (const { index, members } of composedIndices()) {
      const total = members.reduce((sum, member) => sum + member.weight, 0);
      expect(total, index.code).toBeCloseTo(1, 3);
      const cap = index.type === 'index_hk_hs' ? 0.08 : 0.1;
      const limit = Math.max(cap, 1.5 / members.length);
      for (const member of members)
        expect(member.weight, `${index.code} ${member.code}`).toBeLessThanOrEqual(limit + 1e-6);
    }
  });

  it('give ETFs their index members in the index weights', async () => {
    const { directory, repositories } = session.context.market;
    const etf = await repositories.memberships.listHoldings('510300.SH');
    const index = directory.membersOf('000300.SH');
    expect(new Set(etf.map((row) => row.member_code))).toEqual(new Set(index.map((member) => member.code)));
    const total = etf.reduce((sum, row) => sum + row.weight, 0);
    for (const member of index) {
      const held = etf.find((row) => row.member_code === member.code)?.weight ?? 0;
      expect(held / total, member.code).toBeCloseTo(member.weight, 3);
    }
  });
});

describe('indices on the live day', () => {
  const watched = ['000300.SH', '000001.SH', '399006.SZ', 'HSI.HI', '884039.WI', '801080.ZSI'];

  /** The index figures its members' quotes give, by the stored bars' formula. */
  async function fromMembers(code: string) {
    const members = composedIndices().find((entry) => entry.index.code === code)?.members ?? [];
    const quotes = (
      await call(session.context, api.market.realTime, {
        query: { codes: members.map((member) => member.code).join(',') },
      })
    ).datas;
    const [index] = (await call(session.context, api.market.realTime, { query: { codes: code } })).datas;
    const byCode = new Map(quotes.map((quote) => [quote.code, quote]));
    const figures = members.flatMap((member) => {
      const quote = byCode.get(member.code);
      if (!quote || quote.prevClose === null) return [];
      const suspended = quote.status === 'suspended';
      return [
        {
          quantity: member.quantity,
          prevClose: quote.prevClose,
          open: suspended ? null : quote.open,
          high: suspended ? null : quote.high,
          low: suspended ? null : quote.low,
          close: suspended ? null : quote.price,
          volume: quote.volume,
          amount: quote.amount,
        },
      ];
    });
    return { index, bar: composeIndex(index?.prevClose ?? 0, figures), members };
  }

  it('quote every index from its members on the same tick, mid-session and after the close', {
    timeout: 60_000,
  }, async () => {
    for (const at of [FRIDAY_SESSION, FRIDAY_SESSION + 3_000, Date.parse('2026-11-20T08:30:00Z')]) {
      session.now = at;
      await session.context.market.engine.beat();
      for (const code of watched) {
        const { index, bar } = await fromMembers(code);
        expect(index?.status, code).not.toBe('preopen');
        expect(
          [index?.price, index?.open, index?.high, index?.low, index?.volume, index?.amount],
          `${code} at ${new Date(at).toISOString()}`,
        ).toEqual([bar.close, bar.open, bar.high, bar.low, bar.volume, bar.amount]);
        if (index?.price != null && index.high != null && index.low != null) {
          expect(index.high).toBeGreaterThanOrEqual(index.price);
          expect(index.low).toBeLessThanOrEqual(index.price);
        }
      }
    }
  });

  it('agree across realTime, the minute line and the constituents after the close', async () => {
    session.now = Date.parse('2026-11-20T08:30:00Z');
    await session.context.market.engine.beat();
    for (const code of watched) {
      const [quote] = (await call(session.context, api.market.realTime, { query: { codes: code } })).datas;
      const minutes = (await call(session.context, api.market.subscribeShare, { query: { code } })).datas;
      expect(minutes.at(-1)?.[1], code).toBe(quote?.price);
      expect(minutes.at(-1)?.[0], code).toBe(String(quote?.tradingDay));
      const constituents = (
        await call(session.context, api.index.constituents, { query: { code, size: 100 } })
      ).datas;
      const { members } = await fromMembers(code);
      expect(constituents.total, code).toBe(members.length);
      const shown = constituents.list.reduce((sum, row) => sum + (row.weight ?? 0), 0);
      if (constituents.total <= 100) expect(shown, code).toBeCloseTo(1, 4);
    }
  });

  it("move an ETF's minute line with its index's, so its IOPV and premium agree all day", async () => {
    session.now = FRIDAY_SESSION + 60 * 60_000;
    await session.context.market.engine.beat();
    const minutesOf = async (code: string) =>
      (await call(session.context, api.market.subscribeShare, { query: { code } })).datas;
    const etf = await minutesOf('510300.SH');
    const index = await minutesOf('000300.SH');
    expect(etf.length).toBeGreaterThan(60);
    expect(etf.length).toBe(index.length);
    const { previousNav } = (await call(session.context, api.etf.valuation, { params: { code: '510300SH' } }))
      .datas;
    const indexPrevClose = session.context.market.engine.quote('000300.SH')?.prevClose ?? 0;
    // Each minute's premium over the IOPV the index's level of that minute gives: one premium all
    // day, up to the ETF's 0.001 tick (about 0.02% of 4.5 yuan).
    const premiums = etf.map((row, i) => {
      const iopv = ((previousNav ?? 0) * (index[i]?.[1] ?? 0)) / indexPrevClose;
      return row[1] / iopv - 1;
    });
    expect(Math.max(...premiums) - Math.min(...premiums)).toBeLessThan(0.0005);
    expect(Math.max(...premiums.map(Math.abs))).toBeLessThan(0.005);
  });

  it("move an ETF's minutes of a past day with its index's, so the premium over that day's IOPV holds all day", async () => {
    const minutesOf = async (code: string) =>
      (await call(session.context, api.market.subscribeShare, { query: { code, days: 3 } })).datas;
    const stored = async (code: string) =>
      (await session.context.market.repositories.series.readRecentRows(code, 'day', 3)) as DayBarRow[];
    const [etf, index, indexBars] = await Promise.all([
      minutesOf('510300.SH'),
      minutesOf('000300.SH'),
      stored('000300.SH'),
    ]);
    const tracking = session.context.market.provider.etfTracking?.('510300.SH');
    // Thursday and Wednesday, both stored: each day's IOPV from the NAV of the day before it.
    for (const [day, navDay] of [
      ['20261119', 20261118],
      ['20261118', 20261117],
    ] as const) {
      const etfDay = etf.filter((row) => row[0] === day);
      const indexDay = index.filter((row) => row[0] === day);
      expect(etfDay.length, day).toBe(241);
      expect(indexDay.map((row) => row[4])).toEqual(etfDay.map((row) => row[4]));
      const indexPrevClose = indexBars.find((row) => row[0] === Number(day))?.[1] ?? 0;
      const previousNav = tracking?.nav(navDay, indexPrevClose) ?? 0;
      const premiums = etfDay.map((row, i) => {
        const iopv = (previousNav * (indexDay[i]?.[1] ?? 0)) / indexPrevClose;
        return row[1] / iopv - 1;
      });
      // One premium all day, up to the ETF's 0.001 tick (about 0.02% of 4.5 yuan): before, a past
      // day's line was drawn on its own and the premium wandered by tenths of a percent.
      expect(Math.max(...premiums) - Math.min(...premiums), day).toBeLessThan(0.0005);
      expect(Math.max(...premiums.map(Math.abs)), day).toBeLessThan(0.005);
    }
  });

  it('store the finished day as the bar its live quote showed', { timeout: 60_000 }, async () => {
    session.now = Date.parse('2026-11-20T08:30:00Z');
    await session.context.market.engine.beat();
    const live = new Map(
      [...watched, '510300.SH'].map((code) => [code, session.context.market.engine.quote(code)]),
    );
    // Monday morning before the open: Friday is rolled into the stored history.
    session.now = Date.parse('2026-11-23T00:30:00Z');
    await session.context.market.engine.beat();
    for (const code of [...watched, '510300.SH']) {
      const quote = live.get(code) ?? session.context.market.engine.quote(code);
      const bars = (await call(session.context, api.market.dayKV2, { params: { code } })).datas.list;
      const friday = bars.find((row) => row[0] === 20261120);
      if (code === '510300.SH') {
        // The ETF closed the live day at its price then, within a few tenths of a percent of the NAV
        // that 沪深300's Friday close gives.
        expect(friday?.[5], code).toBe(quote?.price);
        const indexFriday = (
          await call(session.context, api.market.dayKV2, { params: { code: '000300.SH' } })
        ).datas.list.find((row) => row[0] === 20261120);
        const tracking = session.context.market.provider.etfTracking?.(code);
        expect(tracking?.indexCode).toBe('000300.SH');
        const nav = tracking?.nav(20261120, indexFriday?.[5] ?? 0) ?? 0;
        expect(Math.abs((friday?.[5] ?? 0) / nav - 1)).toBeLessThan(0.005);
      }
      expect(friday, code).toEqual([
        20261120,
        quote?.prevClose,
        quote?.open,
        quote?.high,
        quote?.low,
        quote?.price,
        quote?.volume,
        quote?.amount,
      ]);
      const [now] = (await call(session.context, api.market.realTime, { query: { codes: code } })).datas;
      expect(now?.price, code).toBe(bars.at(-1)?.[5]);
    }
  });
});

describe('one figure on every screen', () => {
  // A large cap on each mainland exchange, a Hong Kong share and an ETF.
  const sample = ['600519.SH', '000858.SZ', '00700.HK', '510300.SH'];

  async function quoteOf(code: string) {
    const [quote] = (await call(session.context, api.market.realTime, { query: { codes: code } })).datas;
    return quote;
  }

  it("the 两市 turnover is the sum of every A-share's amount, mid-session and after the close", async () => {
    const codes = session.context.market.directory
      .all()
      .filter((instrument) => instrument.type === 'capital')
      .map((instrument) => instrument.code);
    for (const at of [FRIDAY_SESSION + 6_000, Date.parse('2026-11-20T08:30:00Z')]) {
      session.now = at;
      await session.context.market.engine.beat();
      // realTime takes 200 codes a call, as a client asks for them.
      const quotes = [];
      for (let start = 0; start < codes.length; start += 200)
        quotes.push(
          ...(
            await call(session.context, api.market.realTime, {
              query: { codes: codes.slice(start, start + 200).join(',') },
            })
          ).datas,
        );
      expect(quotes).toHaveLength(codes.length);
      const summary = (await call(session.context, api.market.marketSummary, { query: {} })).datas;
      const total = quotes
        .filter((quote) => quote.status !== 'suspended' && quote.price !== null && quote.chgPct !== null)
        .reduce((sum, quote) => sum + quote.amount, 0);
      expect(summary.amount).toBe(total);
      const breadth = summary.rise_fall_stat;
      expect(breadth.r + breadth.f + breadth.p).toBe(
        quotes.filter((quote) => quote.status !== 'suspended' && quote.chgPct !== null).length,
      );
    }
  });

  it('a quote, its minute line, the rank lists and the index constituents show the same price and amount', {
    timeout: 60_000,
  }, async () => {
    session.now = FRIDAY_SESSION + 9_000;
    await session.context.market.engine.beat();
    const amountRank = (
      await call(session.context, api.market.getRank, { query: { id: 'stock-amount', size: 100 } })
    ).datas.list;
    const constituents = (
      await call(session.context, api.index.constituents, { query: { code: '000300.SH', size: 100 } })
    ).datas.list;
    for (const code of sample) {
      const quote = await quoteOf(code);
      expect(quote?.price, code).toBeGreaterThan(0);
      const minutes = (await call(session.context, api.market.subscribeShare, { query: { code } })).datas;
      expect(minutes.at(-1)?.[1], code).toBe(quote?.price);
      const ranked = amountRank.find((row) => row.code === code);
      if (ranked) {
        expect(ranked.value, code).toBe(quote?.amount);
        expect(ranked.price, code).toBe(quote?.price);
        expect(ranked.chgPct, code).toBe(quote?.chgPct);
      }
      const member = constituents.find((row) => row.code === code);
      if (member) {
        expect(member.price, code).toBe(quote?.price);
        expect(member.chgPct, code).toBe(quote?.chgPct);
      }
    }
    // 茅台 is in 沪深300 and among the hundred largest amounts: both lists were checked for it.
    expect(amountRank.some((row) => row.code === '600519.SH')).toBe(true);
    expect(constituents.some((row) => row.code === '600519.SH')).toBe(true);
  });
});
