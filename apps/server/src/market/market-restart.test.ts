import type { DayBarRow } from '@zhicai/domain';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteConnectionOf } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { startWorkAfterListen } from './event-loop-slices.ts';
import { type InstrumentDirectory, loadInstrumentDirectory } from './instrument-directory.ts';
import { openMarket } from './market.ts';
import { defaultDemoSeed, generateDemoCatalogue } from './providers/demo/instrument-catalogue.ts';
import { decodeStoredCatalogue } from './providers/demo/stored-catalogue.ts';
import { createMarketRepositories, type MarketRepositories } from './repositories/market-repositories.ts';
import { type LatestSeriesRow, latestRowsKey } from './repositories/series.repository.ts';

// A start on an existing data folder reads each series' last rows from one stored value instead of
// parsing the latest year of every series (start-to-ready budget ≤ 1 s). These tests hold that
// value to what the full read of the stored years says.

// Friday 2026-11-13 after the close in Shanghai: the generated history ends with that session.
let now = new Date('2026-11-13T08:30:00Z');
let context: TestContext;
let repositories: MarketRepositories;

beforeAll(async () => {
  context = await createTestApp({ apiLock: false, clock: () => now, market: true });
  repositories = context.market.repositories;
}, 120_000);
afterAll(async () => {
  await context?.close();
});

/** The last rows as the full read of every series' latest stored year gives them. */
async function fromFullRead(): Promise<LatestSeriesRow[]> {
  return (await repositories.series.readLatestYears()).map((stored) => ({
    code: stored.code,
    kind: stored.kind,
    year: stored.year,
    lastRow: stored.rows.at(-1) ?? null,
    previousRow: stored.rows.at(-2) ?? null,
  }));
}

const catalogueMetaKey = `demo_catalogue:${defaultDemoSeed}:compact`;

const byKey = (rows: readonly LatestSeriesRow[]) =>
  [...rows].sort((a, b) => `${a.code}|${a.kind}`.localeCompare(`${b.code}|${b.kind}`));

async function deleteLatestRows(): Promise<void> {
  await context.database.db.deleteFrom('market_meta').where('key', '=', latestRowsKey).execute();
}

describe('the stored latest rows of the series', () => {
  it('are written with the generated market and equal the full read', async () => {
    expect(await repositories.meta.readMeta(latestRowsKey)).not.toBeNull();
    const stored = await repositories.series.readLatestRows();
    expect(stored.length).toBeGreaterThan(500);
    expect(byKey(stored)).toEqual(byKey(await fromFullRead()));
  });

  it('give a restart the same quotes as the full read of the stored years', async () => {
    const restarted = await openMarket({ db: context.database.db, clock: () => now, source: 'demo' });
    expect(restarted.prepared.action).toBe('current');
    // A data folder from before the stored value existed: the restart rebuilds it from the years.
    await deleteLatestRows();
    const rebuilt = await openMarket({ db: context.database.db, clock: () => now, source: 'demo' });
    expect(await repositories.meta.readMeta(latestRowsKey)).not.toBeNull();
    expect(byKey(await repositories.series.readLatestRows())).toEqual(byKey(await fromFullRead()));

    const quotes = context.market.engine.allQuotes();
    expect(quotes.length).toBeGreaterThan(500);
    expect(restarted.engine.allQuotes()).toEqual(quotes);
    expect(rebuilt.engine.allQuotes()).toEqual(quotes);
    expect(restarted.engine.quote('600519.SH')).toMatchObject({ tradingDay: 20261113, status: 'closed' });
    // A fund's daily change needs the NAV before the last one, which the stored value keeps too.
    const fund = quotes.find((quote) => quote.type === 'fund_outside');
    expect(fund?.prevClose).not.toBeNull();
    expect(restarted.engine.quote(fund?.code ?? '')).toEqual(fund);
    const bars = (await repositories.series.readRecentRows('600519.SH', 'day', 2)) as DayBarRow[];
    expect(restarted.engine.minuteRows('600519.SH', 2, bars)).toEqual(
      context.market.engine.minuteRows('600519.SH', 2, bars),
    );
  }, 60_000);

  it("read together, a start's recent rows of many series equal each series' own read", async () => {
    const funds = (await repositories.series.readLatestRows())
      .filter((row) => row.kind === 'nav')
      .map((row) => row.code);
    expect(funds.length).toBeGreaterThan(50);
    // Early in a year the latest stored year holds fewer rows than asked: the year before fills in.
    for (const count of [30, 260]) {
      const together = await repositories.series.readRecentRowsOf(funds, 'nav', count);
      for (const code of funds)
        expect(together.get(code)).toEqual(await repositories.series.readRecentRows(code, 'nav', count));
    }
  });

  it('follow a roll-forward, and the restart after it quotes the rolled-in session', async () => {
    // Tuesday evening: Monday's and Tuesday's sessions are rolled in.
    now = new Date('2026-11-17T12:00:00Z');
    const rolled = await openMarket({ db: context.database.db, clock: () => now, source: 'demo' });
    expect(rolled.prepared.action).toBe('rolled');
    const stored = await repositories.series.readLatestRows();
    expect(byKey(stored)).toEqual(byKey(await fromFullRead()));
    expect(stored.find((row) => row.code === '600519.SH')?.lastRow?.[0]).toBe(20261117);

    const restarted = await openMarket({ db: context.database.db, clock: () => now, source: 'demo' });
    expect(restarted.prepared.action).toBe('current');
    expect(restarted.engine.quote('600519.SH')).toMatchObject({ tradingDay: 20261117, status: 'closed' });
    expect(restarted.engine.allQuotes()).toEqual(rolled.engine.allQuotes());
  }, 60_000);

  it('keep the catalogue the market was generated from, which a restart reads instead of generating it', async () => {
    const stored = await repositories.meta.readMeta(catalogueMetaKey);
    expect(stored).not.toBeNull();
    // The stored columns lose nothing the provider reads (optional fields, nulls, numbers).
    expect(decodeStoredCatalogue(stored ?? '')).toEqual({
      catalogue: generateDemoCatalogue(defaultDemoSeed, 'compact'),
      current: true,
    });
  });

  it('a data folder holding the catalogue as one object per instrument restarts on it and stores it as columns once it has answered', async () => {
    const before = await openMarket({ db: context.database.db, clock: () => now, source: 'demo' });
    const catalogue = generateDemoCatalogue(defaultDemoSeed, 'compact');
    // The form written before the columns (stored-catalogue.ts).
    const objectForm = JSON.stringify(catalogue);
    await repositories.transaction((trx) => repositories.meta.writeMeta(trx, catalogueMetaKey, objectForm));
    const restarted = await openMarket({ db: context.database.db, clock: () => now, source: 'demo' });
    expect(restarted.prepared.action).toBe('current');
    expect(restarted.engine.allQuotes()).toEqual(before.engine.allQuotes());
    // The restart quotes without writing it: the encoding and write wait until it has answered.
    expect(await repositories.meta.readMeta(catalogueMetaKey)).toBe(objectForm);

    const logged: { fields: object; msg: string }[] = [];
    const log = {
      info: (fields: object, msg: string) => logged.push({ fields, msg }),
      error: (fields: object, msg: string) => logged.push({ fields, msg }),
    };
    await restarted.storeAfterStart(log);
    expect(decodeStoredCatalogue((await repositories.meta.readMeta(catalogueMetaKey)) ?? '')).toEqual({
      catalogue,
      current: true,
    });
    // Its CPU is logged as work after listen, which the server-start bench adds up beside the restart.
    expect(logged).toEqual([
      {
        fields: { what: 'demo catalogue stored as columns', cpuMs: expect.any(Number) },
        msg: startWorkAfterListen,
      },
    ]);
    // Stored once: a current catalogue leaves nothing for after the start.
    await restarted.storeAfterStart(log);
    const again = await openMarket({ db: context.database.db, clock: () => now, source: 'demo' });
    await again.storeAfterStart(log);
    expect(logged).toHaveLength(1);
  }, 60_000);

  it('a start restores a missing financial statement (the quick completeness check sees the gap)', async () => {
    const row = await context.database.db
      .selectFrom('financial_statements')
      .select(['code', 'period'])
      .orderBy('period', 'desc')
      .orderBy('code')
      .executeTakeFirstOrThrow();
    await context.database.db
      .deleteFrom('financial_statements')
      .where('code', '=', row.code)
      .where('period', '=', row.period)
      .execute();
    await openMarket({ db: context.database.db, clock: () => now, source: 'demo' });
    const restored = await context.database.db
      .selectFrom('financial_statements')
      .select('code')
      .where('code', '=', row.code)
      .where('period', '=', row.period)
      .execute();
    expect(restored).toHaveLength(1);
  });

  it('an open market reads its index members again: a review written after the start is served', async () => {
    const index = '000300.SH';
    const stored = (await repositories.memberships.listIndexMembers()).filter(
      ([indexCode]) => indexCode === index,
    );
    const opened = await openMarket({ db: context.database.db, clock: () => now, source: 'demo' });
    const members = opened.directory.membersOf(index);
    expect(members.map((member) => member.code).sort()).toEqual(
      stored.map(([, memberCode]) => memberCode).sort(),
    );
    // A review another instance writes while this one serves: two of the members stay.
    const kept = members.slice(0, 2);
    const review = kept.map((member) => ({
      index_code: index,
      member_code: member.code,
      weight: 0.5,
      quantity: member.quantity ?? null,
    }));
    await repositories.transaction((trx) =>
      repositories.memberships.replaceIndexMembers(trx, [index], review),
    );
    try {
      await opened.directory.reloadMembers();
      expect(opened.directory.membersOf(index).map((member) => member.code)).toEqual(
        kept.map((member) => member.code),
      );
    } finally {
      await repositories.transaction((trx) =>
        repositories.memberships.replaceIndexMembers(
          trx,
          [index],
          stored.map(([index_code, member_code, weight, quantity]) => ({
            index_code,
            member_code,
            weight,
            quantity,
          })),
        ),
      );
    }
  }, 60_000);
});

/** The SW level-3 industry 600519.SH sits in: not an instrument, its members are derived. */
function moutaiSubIndustry(directory: InstrumentDirectory): string {
  const path = directory.get('600519.SH')?.swPath ?? [];
  expect(path.length).toBe(3);
  return path[2] as string;
}

describe('the profile documents a restart reads when first asked for', () => {
  it('are the stored ones, read one at a time for a page and all at once for the lists', async () => {
    const stored = await repositories.instruments.readProfiles();
    const opened = await openMarket({ db: context.database.db, clock: () => now, source: 'demo' });
    const moutai = opened.directory.get('600519.SH');
    expect(moutai?.profile).toEqual(JSON.parse(stored.get('600519.SH') ?? ''));
    expect(moutai?.profile).toMatchObject({ kind: 'company', fullName: '贵州茅台酒股份有限公司' });
    expect(moutai?.swPath[0]).toBe(moutai?.industry);
    // Every instrument, past the few single reads: the rest come from one read of them all.
    const all = opened.directory.all();
    expect(all.length).toBeGreaterThan(500);
    for (const instrument of all)
      expect(instrument.profile, instrument.code).toEqual(JSON.parse(stored.get(instrument.code) ?? ''));
    // Search by industry needs every A-share's SW path, hence its profile.
    const stocks = opened.directory.search('白酒', 5, (instrument) => instrument.type === 'capital');
    expect(stocks.map((instrument) => instrument.code)).toContain('600519.SH');
  }, 60_000);
  it('are read in the background a chunk per turn once the server serves, and equal the stored ones', async () => {
    const stored = await repositories.instruments.readProfiles();
    const opened = await openMarket({ db: context.database.db, clock: () => now, source: 'demo' });
    // A page asked for one before the background read began.
    expect(opened.directory.get('000001.SZ')?.profile).toEqual(JSON.parse(stored.get('000001.SZ') ?? ''));
    let turns = 0;
    const cpuMs = await opened.directory.readProfilesInBackground(async () => {
      turns += 1;
    });
    expect(cpuMs).toBeGreaterThan(0);
    // No turn reads or parses them all: each holds a chunk of 500 documents (read on SQLite, where
    // PostgreSQL read them with the master; then parsed on both), and the derived maps one more, so
    // the event loop is never held for the whole 5.8 MB of a full market.
    const chunks = (count: number) => Math.ceil(count / 500);
    const readTurns = context.database.kind === 'sqlite' ? chunks(stored.size) : 0;
    expect(turns).toBeGreaterThanOrEqual(readTurns + chunks(opened.directory.all().length) + 1);
    for (const instrument of opened.directory.all())
      expect(instrument.profile, instrument.code).toEqual(JSON.parse(stored.get(instrument.code) ?? ''));
    // The SW sub-industries and search's topics are built in the background from those profiles as
    // a directory builds them on first use.
    const fresh = await openMarket({ db: context.database.db, clock: () => now, source: 'demo' });
    const subIndustry = moutaiSubIndustry(fresh.directory);
    expect(fresh.directory.membersOf(subIndustry).length).toBeGreaterThan(0);
    expect(opened.directory.membersOf(subIndustry)).toEqual(fresh.directory.membersOf(subIndustry));
    expect(opened.directory.search('白酒', 5)).toEqual(fresh.directory.search('白酒', 5));
  }, 60_000);
});

describe('the factors, floats and fundamentals a restart reads as its quotes need them', () => {
  it('give a quote asked before the rest are read the stored figures, and the warm-up reads the rest', async () => {
    const floats = await repositories.corporateActions.readLatestShareChanges();
    const masterFloat = (code: string) => context.market.directory.get(code)?.floatShares;
    // A stock whose float moved since it listed (a bonus issue): the master row's float is stale.
    const moved = [...floats].find(
      ([code, float]) => code.endsWith('.SH') && masterFloat(code) && float !== masterFloat(code),
    );
    expect(moved).toBeDefined();
    const [code, float] = moved ?? ['', 0];
    // The reference reads every figure before it builds a quote.
    const reference = await openMarket({ db: context.database.db, clock: () => now, source: 'demo' });
    await reference.engine.warm();
    const opened = await openMarket({ db: context.database.db, clock: () => now, source: 'demo' });
    expect(opened.engine.deferredStartCpuMs()).toBeNull();
    for (const asked of [code, '600519.SH']) {
      const quote = opened.engine.quote(asked);
      expect(quote).toEqual(reference.engine.quote(asked));
      expect(quote?.pe).not.toBeNull();
    }
    expect(opened.engine.quote(code)?.floatMarketCap).toBe(
      Math.round((opened.engine.quote(code)?.price ?? 0) * float),
    );
    // On SQLite not all are read yet: the warm-up reads the rest, then builds every quote from them.
    // PostgreSQL reads them all before the engine serves, so nothing is left for after.
    expect(opened.engine.deferredStartCpuMs()).toBeNull();
    await opened.engine.warm();
    expect(opened.engine.deferredStartCpuMs() !== null).toBe(context.database.kind === 'sqlite');
    expect(opened.engine.allQuotes()).toEqual(reference.engine.allQuotes());
  }, 60_000);
});

describe('writeSeries keeps the latest rows', () => {
  let small: TestContext;
  beforeAll(async () => {
    small = await createTestApp({ apiLock: false });
  });
  afterAll(async () => {
    await small?.close();
  });

  it('replaces a series’ latest year only with the same or a later year, and leaves an absent value to be rebuilt', async () => {
    const repositories = createMarketRepositories(small.database.db);
    const { series, meta } = repositories;
    const bars = (day: number, close: number) => [
      day,
      close - 1,
      close,
      close,
      close,
      close,
      100,
      100 * close,
    ];
    await repositories.transaction((trx) =>
      series.writeSeries(trx, [
        { code: 'A.SH', kind: 'day', year: 2025, rows: [bars(20251230, 9), bars(20251231, 10)] },
        { code: 'A.SH', kind: 'day', year: 2026, rows: [bars(20260105, 11)] },
        {
          code: 'F.OF',
          kind: 'nav',
          year: 2026,
          rows: [
            [20260105, 1.01, 1.5],
            [20260106, 1.02, 1.51],
          ],
        },
      ]),
    );
    const last = async (code: string) => (await series.readLatestRows()).find((row) => row.code === code);
    expect(await last('A.SH')).toEqual({
      code: 'A.SH',
      kind: 'day',
      year: 2026,
      lastRow: bars(20260105, 11),
      previousRow: null,
    });
    // An older year rewritten (an import correcting history) leaves the latest year's rows.
    await repositories.transaction((trx) =>
      series.writeSeries(trx, [{ code: 'A.SH', kind: 'day', year: 2025, rows: [bars(20251231, 10.5)] }]),
    );
    expect((await last('A.SH'))?.lastRow).toEqual(bars(20260105, 11));
    await repositories.transaction((trx) =>
      series.writeSeries(trx, [
        { code: 'A.SH', kind: 'day', year: 2026, rows: [bars(20260105, 11), bars(20260106, 12)] },
      ]),
    );
    expect(await last('A.SH')).toMatchObject({
      lastRow: bars(20260106, 12),
      previousRow: bars(20260105, 11),
    });
    expect((await last('F.OF'))?.previousRow).toEqual([20260105, 1.01, 1.5]);

    // Without the stored value a partial write cannot stand for the whole table: it stays absent
    // and the next read rebuilds it from the stored years.
    await small.database.db.deleteFrom('market_meta').where('key', '=', latestRowsKey).execute();
    await repositories.transaction((trx) =>
      series.writeSeries(trx, [{ code: 'A.SH', kind: 'day', year: 2026, rows: [bars(20260107, 13)] }]),
    );
    expect(await meta.readMeta(latestRowsKey)).toBeNull();
    expect((await last('F.OF'))?.lastRow).toEqual([20260106, 1.02, 1.51]);
    expect((await last('A.SH'))?.lastRow).toEqual(bars(20260107, 13));
    expect(await meta.readMeta(latestRowsKey)).not.toBeNull();
  });
});

describe('the master and the index members as a restart reads them', () => {
  /**
   * The same database through Kysely's row objects, as PostgreSQL reads it: a Kysely of its own on
   * the app's SQLite connection is not one the raw reads know (database.ts sqliteRawRead).
   */
  function objectRepositories(): MarketRepositories {
    const sqlite = sqliteConnectionOf(context.database.db);
    if (!sqlite) return repositories;
    return createMarketRepositories(
      new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }),
    );
  }

  const instrumentFields = (directory: InstrumentDirectory) =>
    directory.all().map((instrument) => ({
      code: instrument.code,
      name: instrument.name,
      type: instrument.type,
      board: instrument.board,
      industry: instrument.industry,
      listingDay: instrument.listingDay,
      totalShares: instrument.totalShares,
      floatShares: instrument.floatShares,
      pinyinInitials: instrument.pinyinInitials,
      pinyin: instrument.pinyin,
      isSt: instrument.isSt,
      delistedDay: instrument.delistedDay,
      market: instrument.market,
      series: instrument.series,
    }));

  it('read as column arrays, give the same directory as the row objects', async () => {
    // A delisted share with a weight in its indices: the rest of each index shares it out.
    const member = (await repositories.memberships.listIndexMembers()).find(
      ([indexCode]) => indexCode === '000300.SH',
    );
    expect(member).toBeDefined();
    const [, delistedCode] = member ?? [];
    await repositories.transaction((trx) =>
      repositories.instruments.setDelistedDays(trx, [{ code: delistedCode ?? '', delistedDay: 20261113 }]),
    );
    try {
      const asArrays = await loadInstrumentDirectory(repositories);
      const asObjects = await loadInstrumentDirectory(objectRepositories());
      expect(asArrays.all().length).toBeGreaterThan(500);
      expect(instrumentFields(asArrays)).toEqual(instrumentFields(asObjects));
      expect(asArrays.get(delistedCode ?? '')?.delistedDay).toBe(20261113);
      const indices = asObjects.all().filter((instrument) => instrument.type.startsWith('index_'));
      expect(
        indices.some((index) => asObjects.membersOf(index.code).some((m) => m.quantity !== undefined)),
      ).toBe(true);
      for (const index of indices)
        expect(asArrays.membersOf(index.code)).toEqual(asObjects.membersOf(index.code));
      for (const instrument of asObjects.all())
        expect(asArrays.indicesOf(instrument.code)).toEqual(asObjects.indicesOf(instrument.code));
      expect(asArrays.membersOf('000300.SH').map((m) => m.code)).not.toContain(delistedCode);
      const weights = asArrays.membersOf('000300.SH').reduce((sum, m) => sum + m.weight, 0);
      expect(weights).toBeCloseTo(1, 3);
      expect(asArrays.ofType('capital')).toEqual(asObjects.ofType('capital'));
      expect(asArrays.ofType('capital').map((stock) => stock.code)).not.toContain(delistedCode);
    } finally {
      await repositories.transaction((trx) =>
        repositories.instruments.setDelistedDays(trx, [{ code: delistedCode ?? '', delistedDay: null }]),
      );
    }
  });

  it("a share's indices, asked before anything else, are the stored rows' in their order", async () => {
    const directory = await loadInstrumentDirectory(repositories);
    const rows = await repositories.memberships.listIndexMembers();
    const held = new Map<string, { code: string; weight: number }[]>();
    for (const [indexCode, memberCode, weight] of rows)
      held.set(memberCode, [...(held.get(memberCode) ?? []), { code: indexCode, weight }]);
    expect(held.get('600519.SH')?.length).toBeGreaterThan(1);
    for (const instrument of directory.all())
      expect(directory.indicesOf(instrument.code)).toEqual(held.get(instrument.code) ?? []);
  });

  it('ofType answers the listed instruments in master order, a list its caller may change', async () => {
    const directory = await loadInstrumentDirectory(repositories);
    const stocks = directory.ofType('capital');
    expect(stocks.map((stock) => stock.code)).toEqual(
      directory
        .all()
        .filter((instrument) => instrument.type === 'capital' && instrument.delistedDay === null)
        .map((instrument) => instrument.code),
    );
    stocks.sort((a, b) => b.code.localeCompare(a.code));
    stocks.pop();
    expect(directory.ofType('capital')[0]?.code).toBe(
      directory.all().find((i) => i.type === 'capital')?.code,
    );
    expect(directory.ofType('capital').length).toBe(stocks.length + 1);
  });
});
