import type { Quote } from '@zhicai/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { createQuoteEngine } from './quote-engine.ts';

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
