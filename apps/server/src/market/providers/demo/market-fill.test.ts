import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { openMarket } from '../../market.ts';
import { createMarketRepositories } from '../../repositories/market-repositories.ts';
import { latestRowsKey } from '../../repositories/series.repository.ts';
import { createDemoProvider } from './demo-provider.ts';
import { type DemoInstrument, generateDemoCatalogue } from './instrument-catalogue.ts';
import { hashString } from './prng.ts';

// The full-size market leaves most series to a fill that runs while the server serves (issue 15
// item 8). These tests run that path on the compact market: one database generated whole, one
// whose first start leaves about half of the generated stocks, Hong Kong stocks, ETFs and funds to
// the fill. After the fill the two databases must hold the same market, row for row.

// Friday 2026-11-13 after the close in Shanghai.
const now = new Date('2026-11-13T08:30:00Z');
const deferred = (instrument: DemoInstrument) =>
  instrument.generated && !instrument.type.startsWith('index_') && hashString(instrument.code) % 2 === 0;

const left = generateDemoCatalogue().instruments.filter(deferred);

let whole: TestContext;
let filling: TestContext;

beforeAll(async () => {
  whole = await createTestApp({ apiLock: false, clock: () => now });
  filling = await createTestApp({ apiLock: false, clock: () => now });
  await createDemoProvider(createMarketRepositories(whole.database.db)).prepare(now);
  await createDemoProvider(createMarketRepositories(filling.database.db), { deferred }).prepare(now);
}, 240_000);
afterAll(async () => {
  await whole?.close();
  await filling?.close();
});

async function seriesCodes(context: TestContext): Promise<Set<string>> {
  const rows = await context.database.db
    .selectFrom('daily_series')
    .select(['code', 'kind'])
    .distinct()
    .execute();
  return new Set(rows.map((row) => `${row.code}|${row.kind}`));
}

async function table(context: TestContext, name: 'daily_series' | 'adjustment_factors' | 'share_changes') {
  const db = context.database.db;
  switch (name) {
    case 'daily_series':
      return db
        .selectFrom('daily_series')
        .selectAll()
        .orderBy('code')
        .orderBy('kind')
        .orderBy('year')
        .execute();
    case 'adjustment_factors':
      return db.selectFrom('adjustment_factors').selectAll().orderBy('code').orderBy('day').execute();
    case 'share_changes':
      return db.selectFrom('share_changes').selectAll().orderBy('code').orderBy('day').execute();
  }
}

describe('a first start that leaves series to the background fill', () => {
  it('stores every instrument, but the deferred series only as their latest rows', async () => {
    const stored = await seriesCodes(filling);
    const all = await seriesCodes(whole);
    const missing = [...all].filter((key) => !stored.has(key));
    // About half of the generated stocks, Hong Kong stocks, ETFs and funds.
    expect(missing.length).toBeGreaterThan(150);
    expect(missing.sort()).toEqual(
      left
        .map(
          (instrument) =>
            `${instrument.code}|${instrument.type.startsWith('fund_') && instrument.type !== 'fund_onside' ? 'nav' : 'day'}`,
        )
        .sort(),
    );
    expect(await filling.market.repositories.instruments.instrumentCount()).toBe(
      await whole.market.repositories.instruments.instrumentCount(),
    );
  });

  it('quotes a deferred stock from the first start exactly as the whole market does', async () => {
    const market = await openMarket({
      db: filling.database.db,
      clock: () => now,
      source: 'demo',
      prepare: false,
    });
    const reference = await openMarket({
      db: whole.database.db,
      clock: () => now,
      source: 'demo',
      prepare: false,
    });
    const stock = left.find((instrument) => instrument.type === 'capital');
    expect(stock).toBeDefined();
    const code = stock?.code ?? '';
    expect(market.engine.quote(code)?.price).toBeGreaterThan(0);
    expect(market.engine.quote(code)).toEqual(reference.engine.quote(code));
    // Indices are composed from every member, deferred or not.
    expect(market.engine.quote('000001.SH')).toEqual(reference.engine.quote('000001.SH'));
  });

  it('after the fill holds the same market as the whole generation, row for row', async () => {
    const market = await openMarket({
      db: filling.database.db,
      clock: () => now,
      source: 'demo',
      prepare: false,
    });
    const provider = createDemoProvider(market.repositories, { deferred });
    await provider.load?.();
    let reloads = 0;
    const result = await provider.fill?.(now, async () => {
      reloads += 1;
      await market.engine.reload();
    });
    expect(result?.daySeries).toBeGreaterThan(50);
    expect(result?.funds).toBeGreaterThan(20);
    expect(reloads).toBeGreaterThan(0);

    for (const name of ['daily_series', 'adjustment_factors', 'share_changes'] as const)
      expect(await table(filling, name)).toEqual(await table(whole, name));
    const latest = (context: TestContext) => context.market.repositories.meta.readMeta(latestRowsKey);
    const decoded = async (context: TestContext) =>
      (JSON.parse((await latest(context)) ?? '[]') as [string, string][]).sort((a, b) =>
        `${a[0]}|${a[1]}`.localeCompare(`${b[0]}|${b[1]}`),
      );
    expect(await decoded(filling)).toEqual(await decoded(whole));

    // A fund the first start left out is quoted once the fill wrote it.
    const fund = left.find((instrument) => instrument.type === 'fund_outside');
    expect(fund).toBeDefined();
    expect(market.engine.quote(fund?.code ?? '')?.price).toBeGreaterThan(0);

    // Complete: a later start has nothing to fill.
    expect(await provider.fill?.(now, async () => {})).toBeNull();
  }, 240_000);
});
