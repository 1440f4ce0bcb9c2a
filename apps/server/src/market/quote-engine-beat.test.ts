import type { Quote } from '@zhicai/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { fanOutSliceMs } from './event-loop-slices.ts';
import type { MarketProvider } from './providers/provider.ts';
import { createQuoteEngine, type MarketOpening, membersPerSliceCheck } from './quote-engine.ts';

// A beat recomputes only the quotes that can change and carries each live session's finished
// minutes from beat to beat (issue 15 item 8). These tests hold its quotes to what an engine
// computing everything afresh at the same instant gives.

// Friday 2026-11-20, 10:00 in Shanghai and Hong Kong: both markets trade.
let now = new Date('2026-11-20T02:00:00Z');
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp({ apiLock: false, clock: () => now, market: true });
}, 300_000);
afterAll(async () => {
  await context?.close();
});

/** A quote's figures without its time: an unchanged quote keeps the time it last changed at. */
const figures = ({ time: _time, ...rest }: Quote) => rest;

async function freshQuotes(): Promise<Map<string, Quote>> {
  const { repositories, provider, directory } = context.market;
  const fresh = await createQuoteEngine({ repositories, provider, directory, clock: () => now });
  return new Map(fresh.allQuotes().map((quote) => [quote.code, quote]));
}

describe('a beat', () => {
  it('gives every quote the figures a fresh engine computes at the same instant', async () => {
    const { engine } = context.market;
    // Beats within a minute, across minutes, into the lunch break and into the afternoon.
    for (const at of [
      '2026-11-20T02:00:03Z',
      '2026-11-20T02:00:06Z',
      '2026-11-20T02:01:09Z',
      '2026-11-20T02:07:30Z',
      '2026-11-20T03:45:00Z',
      '2026-11-20T05:30:12Z',
      '2026-11-20T05:30:15Z',
    ]) {
      now = new Date(at);
      await engine.beat();
      const fresh = await freshQuotes();
      const beaten = engine.allQuotes();
      expect(beaten.length).toBe(fresh.size);
      for (const quote of beaten)
        expect(figures(quote), `${quote.code} at ${at}`).toEqual(figures(fresh.get(quote.code) as Quote));
    }
  }, 120_000);

  it('keeps the Quote object of an instrument whose figures did not change, and replaces a moving one', async () => {
    const { engine } = context.market;
    now = new Date('2026-11-20T06:00:00Z');
    await engine.beat();
    const fund = engine.quote('005827.OF');
    const share = engine.quote('600519.SH');
    now = new Date('2026-11-20T06:00:03Z');
    await engine.beat();
    expect(fund).toBeDefined();
    expect(engine.quote('005827.OF')).toBe(fund);
    expect(engine.quote('600519.SH')).not.toBe(share);
    expect(engine.quote('600519.SH')?.volume).toBeGreaterThan(share?.volume ?? 0);
  }, 60_000);
});

describe('a beat in slices (issue 4: the event loop is never blocked more than 20 ms)', () => {
  it('sums a composed index across yields to the figures one pass over its members gives', async () => {
    const { repositories, provider, directory } = context.market;
    // Slices of 0 ms: the recompute yields at every check, so the broad indices are summed across
    // many turns of the event loop.
    const sliced = await createQuoteEngine({
      repositories,
      provider,
      directory,
      clock: () => now,
      sliceMs: 0,
    });
    const broad = directory
      .all()
      .filter(
        (instrument) =>
          instrument.type.startsWith('index_') &&
          directory.membersOf(instrument.code).length > 2 * membersPerSliceCheck,
      );
    expect(broad.length).toBeGreaterThan(0);
    for (const at of ['2026-11-20T01:30:00Z', '2026-11-20T02:30:03Z']) {
      now = new Date(at);
      let rows = new Map<string, unknown[]>();
      const stop = sliced.onTick((tick) => {
        rows = new Map(tick.rows.map((row) => [row[0], row]));
      });
      await sliced.beat();
      stop();
      const fresh = await freshQuotes();
      for (const quote of sliced.allQuotes())
        expect(figures(quote), `${quote.code} at ${at}`).toEqual(figures(fresh.get(quote.code) as Quote));
      // Listeners get the broad indices' summed figures too.
      for (const { code } of broad) {
        const quote = fresh.get(code) as Quote;
        expect(rows.get(code), code).toEqual([
          code,
          quote.price,
          quote.open,
          quote.high,
          quote.low,
          quote.volume,
          quote.amount,
        ]);
      }
    }
  }, 120_000);
});

describe('a beat’s tick (issue 4: the event loop is never blocked more than 20 ms)', () => {
  it('reaches its listeners on a turn after the one in which the last quote was recomputed', async () => {
    const { engine } = context.market;
    now = new Date('2026-11-20T06:10:00Z');
    await engine.beat();
    now = new Date('2026-11-20T06:10:03Z');
    let emitted = false;
    const stop = engine.onTick(() => {
      emitted = true;
    });
    // Each turn of the event loop: the market's quotes as they stand, and whether the tick has
    // reached its listeners yet.
    const turns: { quotes: readonly Quote[]; emitted: boolean }[] = [];
    const look = () => {
      turns.push({ quotes: engine.allQuotes(), emitted });
      if (!emitted) setImmediate(look);
    };
    try {
      setImmediate(look);
      await engine.beat();
    } finally {
      stop();
    }
    expect(emitted).toBe(true);
    const after = engine.allQuotes();
    const complete = (quotes: readonly Quote[]) =>
      quotes.length === after.length && quotes.every((quote, index) => quote === after[index]);
    // A turn saw every quote as the beat left it and the tick not yet told: the listeners ran on a
    // turn of their own, not in the recompute's last slice.
    expect(turns.some((turn) => !turn.emitted && complete(turn.quotes))).toBe(true);
  }, 60_000);
});

describe('quotes by code', () => {
  it('finds a code in any letter case, in the order asked, and leaves unknown codes out', () => {
    const { engine } = context.market;
    const upper = engine.quote('600519.SH');
    expect(upper?.code).toBe('600519.SH');
    expect(engine.quote('600519.sh')).toBe(upper);
    expect(engine.quote('000300.Sh')).toBe(engine.quote('000300.SH'));
    expect(engine.quote('NOPE.SH')).toBeUndefined();
    expect(engine.quotes(['000300.sh', 'nope.sh', '600519.SH']).map((quote) => quote.code)).toEqual([
      '000300.SH',
      '600519.SH',
    ]);
  });
});

describe('a restarted engine (issue 15 item 8: a restart answers within 1 s)', () => {
  /** An engine over the test market whose provider counts the live sessions it is asked for. */
  async function countingEngine() {
    const { repositories, provider, directory } = context.market;
    const asked = new Set<string>();
    const counting: MarketProvider = {
      ...provider,
      liveSession: (code, day, state) => {
        asked.add(code);
        return provider.liveSession?.(code, day, state) ?? null;
      },
    };
    const engine = await createQuoteEngine({ repositories, provider: counting, directory, clock: () => now });
    return { engine, asked };
  }

  it('builds only the quotes asked for, and each is the quote a fully built engine gives', async () => {
    now = new Date('2026-11-20T02:10:03Z');
    const full = await freshQuotes();
    const { engine, asked } = await countingEngine();
    expect(asked.size).toBe(0);
    const codes = ['600519.SH', '00700.HK', '510300.SH', '005827.OF'];
    // The clock moves on after the engine opened: a quote built on demand is still the one of its instant.
    now = new Date('2026-11-20T02:10:05Z');
    const quotes = engine.quotes(codes);
    expect(quotes.map((quote) => quote.code)).toEqual(codes);
    for (const quote of quotes)
      expect(figures(quote), quote.code).toEqual(figures(full.get(quote.code) as Quote));
    // The fund has no live session; the ETF's day follows its index's members inside the provider.
    expect([...asked].sort()).toEqual(['00700.HK', '510300.SH', '600519.SH']);
    now = new Date('2026-11-20T02:10:03Z');
  }, 60_000);

  it('builds a composed index from its members first, with the figures a fully built engine gives', async () => {
    now = new Date('2026-11-20T02:20:03Z');
    const full = await freshQuotes();
    const { engine, asked } = await countingEngine();
    const { directory } = context.market;
    const index = engine.quote('000300.SH') as Quote;
    expect(figures(index)).toEqual(figures(full.get('000300.SH') as Quote));
    const members = directory.membersOf('000300.SH').map((member) => member.code);
    expect(members.length).toBeGreaterThan(0);
    expect([...asked].sort()).toEqual([...members].sort());
  }, 60_000);

  it('gives a code asked while the warm-up runs the quote it gives, and the first tick covers the whole market', async () => {
    now = new Date('2026-11-20T02:30:03Z');
    const full = await freshQuotes();
    const { engine } = await countingEngine();
    const warming = engine.warm();
    // The last instruments in the warm-up's order (composed indices) are asked before it reaches them.
    const late = ['399006.SZ', '000300.SH', '601318.SH'];
    for (const quote of engine.quotes(late))
      expect(figures(quote)).toEqual(figures(full.get(quote.code) as Quote));
    await warming;
    expect(engine.allQuotes().length).toBe(full.size);
    for (const quote of engine.allQuotes())
      expect(figures(quote), quote.code).toEqual(figures(full.get(quote.code) as Quote));
    now = new Date('2026-11-20T02:30:06Z');
    const tick = await engine.nextTick();
    expect(tick).not.toBeNull();
    now = new Date('2026-11-20T02:30:06Z');
    const after = await freshQuotes();
    for (const quote of engine.allQuotes())
      expect(figures(quote), quote.code).toEqual(figures(after.get(quote.code) as Quote));
  }, 120_000);
});

describe("the call auction (issue 17: the open's flashes go out with the open's tick)", () => {
  it("builds the day's live sessions before the open, so the open's beat builds none, and quotes as a fresh engine does", async () => {
    const { repositories, provider, directory } = context.market;
    // Monday 2026-11-23, 09:20 in Shanghai: both markets in their call auction, the day not stored.
    now = new Date('2026-11-23T01:20:00Z');
    const asked: string[] = [];
    const counting: MarketProvider = {
      ...provider,
      liveSession: (code, day, state) => {
        asked.push(code);
        return provider.liveSession?.(code, day, state) ?? null;
      },
    };
    const engine = await createQuoteEngine({ repositories, provider: counting, directory, clock: () => now });
    const prepared: { market: string; sessions: number }[] = [];
    engine.onSessionsPrepared(({ market, sessions }) => prepared.push({ market, sessions }));
    expect(await engine.nextTick()).toBeNull();
    const shares = directory
      .all()
      .filter(
        (instrument) =>
          instrument.series === 'day' &&
          instrument.delistedDay === null &&
          directory.membersOf(instrument.code).every((member) => member.quantity === undefined),
      );
    expect(prepared.map(({ market }) => market).sort()).toEqual(['cn', 'hk']);
    expect(new Set(asked).size).toBeGreaterThan(shares.length / 2);
    // A second beat of the same auction builds nothing again.
    const afterAuction = asked.length;
    now = new Date('2026-11-23T01:20:03Z');
    await engine.nextTick();
    expect(asked.length).toBe(afterAuction);
    expect(prepared.length).toBe(2);

    // The open: its beat asks the provider for no session, and its quotes are a fresh engine's.
    now = new Date('2026-11-23T01:30:03Z');
    const tick = await engine.nextTick();
    expect(tick?.rows.length).toBeGreaterThan(0);
    expect(asked.length).toBe(afterAuction);
    const fresh = await freshQuotes();
    for (const quote of engine.allQuotes())
      expect(figures(quote), quote.code).toEqual(figures(fresh.get(quote.code) as Quote));
  }, 120_000);
});

describe("the open (issue 17: the open's flashes go out before the open's beat recomputes the market)", () => {
  it("tells the open before recomputing any quote, waits for the listener's answer, and every figure it tells is the quote's after the beat", async () => {
    const { repositories, provider, directory } = context.market;
    // Monday 2026-11-23 09:20 in Shanghai: the call auction, in which the open is worked out.
    now = new Date('2026-11-23T01:20:00Z');
    const engine = await createQuoteEngine({ repositories, provider, directory, clock: () => now });
    const openings: MarketOpening[] = [];
    const order: string[] = [];
    engine.onOpening((opening) => {
      openings.push(opening);
      // Told ahead of the beat's quotes: the index still stands at its call-auction quote.
      order.push(`told while ${engine.quote('000001.SH')?.status}`);
      return new Promise<void>((resolve) => setTimeout(resolve, 30)).then(() => {
        order.push('answered');
      });
    });
    expect(await engine.nextTick()).toBeNull();
    expect(openings).toHaveLength(0);

    now = new Date('2026-11-23T01:30:01Z');
    const tick = await engine.nextTick();
    order.push('tick');
    // Both markets open at 09:30 Beijing time: each is told and answers before the beat goes on.
    expect(openings.map(({ market }) => market).sort()).toEqual(['cn', 'hk']);
    expect(order).toEqual(['told while preopen', 'answered', 'told while preopen', 'answered', 'tick']);
    const cn = openings.find((opening) => opening.market === 'cn');
    expect(cn?.time).toBe(tick?.time);
    expect(cn?.tradingDay).toBe(20261123);
    expect(cn?.indices.has('000001.SH')).toBe(true);
    for (const opening of openings) {
      for (const [code, figures] of opening.indices) {
        const quote = engine.quote(code);
        expect(
          { open: quote?.open, price: quote?.price, prevClose: quote?.prevClose, chgPct: quote?.chgPct },
          code,
        ).toEqual(figures);
      }
      for (const { code, side, price, prevClose, amount } of opening.atLimit) {
        const quote = engine.quote(code);
        expect({ price: quote?.price, prevClose: quote?.prevClose, amount: quote?.amount }, code).toEqual({
          price,
          prevClose,
          amount,
        });
        expect(side === 'up' ? quote?.limitUp : quote?.limitDown, code).toBe(price);
      }
    }
    // Every share the beat quotes at a limit was told: none is left for the tick to find first.
    const told = new Set(openings.flatMap((opening) => opening.atLimit.map(({ code }) => code)));
    const atLimit = engine
      .allQuotes()
      .filter(
        (quote) =>
          quote.status === 'trading' &&
          quote.price !== null &&
          ((quote.limitUp !== null && quote.price >= quote.limitUp) ||
            (quote.limitDown !== null && quote.price <= quote.limitDown)),
      );
    for (const quote of atLimit) expect(told.has(quote.code), quote.code).toBe(true);

    // Later beats of the session tell nothing again.
    now = new Date('2026-11-23T01:30:04Z');
    await engine.nextTick();
    expect(openings).toHaveLength(2);
  }, 120_000);

  it("hands the event loop back between the open's judging and the beat's recompute once the turn's slice is spent", async () => {
    const { repositories, provider, directory } = context.market;
    now = new Date('2026-11-23T01:20:00Z');
    const engine = await createQuoteEngine({ repositories, provider, directory, clock: () => now });
    expect(await engine.nextTick()).toBeNull();
    const before = engine.allQuotes();
    // Each turn that runs after a market's open was told: whether the beat had recomputed no quote yet.
    const untouched: boolean[] = [];
    engine.onOpening(() => {
      // The judging and the flashes' write at the full market's open took a slice's worth and more.
      const until = performance.now() + 2 * fanOutSliceMs;
      while (performance.now() < until);
      setImmediate(() => {
        untouched.push(engine.allQuotes().every((quote, index) => quote === before[index]));
      });
      return Promise.resolve();
    });
    now = new Date('2026-11-23T01:30:01Z');
    await engine.nextTick();
    // Had the recompute taken a fresh slice in the same turn, a turn after each opening would find
    // quotes of the open already made (the first slice of the full market's beat made 5 ms more of
    // one block).
    expect(untouched).toEqual([true, true]);
    expect(engine.quote('000001.SH')?.status).toBe('trading');
  }, 120_000);
});
