import { api } from '@zhicai/contract';
import { describe, expect, it, vi } from 'vitest';
import { inForeground } from '../../../market/event-loop-slices.ts';
import { tickIntervalMs } from '../../../market/quote-engine.ts';
import { call } from '../../../test/call.ts';
import { FRIDAY_SESSION, useMarketSession } from '../../../test/market-session.ts';
import { stockScreenOf } from './index.ts';
import { createStockScreenRepository } from './stock-screen.repository.ts';
import { createStockScreenService } from './stock-screen.service.ts';
import { createStockScreenEngine, type RefreshCost } from './stock-screen-engine.ts';
import { returnPeriods, rpsOf } from './technical-figures.ts';

const session = useMarketSession(FRIDAY_SESSION, { apiLock: false });
/** A refresh and a full screen on a loaded machine take seconds, not the default five. */
const timeout = 60_000;

/** Every A-share's price as select answers it, by code. */
async function screenedPrices(): Promise<Map<string, number | null>> {
  const prices = new Map<string, number | null>();
  for (let page = 1; ; page += 1) {
    const { datas } = await call(session.context, api.screener.select, {
      body: { seqFlags: 'PRICE', sortFlag: 'PRICE', page, size: 100 } as never,
    });
    for (const row of datas.list) prices.set(row.code, row.values[0] as number | null);
    if (prices.size >= datas.total) return prices;
  }
}

/**
 * A screen service following the market whose live refresh runs in slices of `sliceMs` (0: one
 * batch of rows per turn), with the cost of each refresh it publishes.
 */
async function followInSlicesOf(sliceMs: number) {
  const { market, database } = session.context;
  await stockScreenOf({ db: database.db, market }).idle();
  const costs: RefreshCost[] = [];
  const engine = createStockScreenEngine(
    market,
    createStockScreenRepository(database.db),
    (cost) => costs.push(cost),
    sliceMs,
  );
  const screen = createStockScreenService(engine);
  screen.follow(tickIntervalMs);
  return { screen, costs, engine };
}

describe('the stock screen follows the market in the background', () => {
  it(
    'recomputes the live figures after a tick, so the request after it only reads them',
    async () => {
      const { market, database } = session.context;
      const screen = stockScreenOf({ db: database.db, market });
      // The first build starts when the module registers, not on a request.
      await screen.idle();
      expect(screen.refreshes()).toBeGreaterThan(0);
      const before = await screenedPrices();

      session.now += tickIntervalMs * 20;
      await market.engine.beat();
      await screen.idle();
      const refreshed = screen.refreshes();

      const after = await screenedPrices();
      // Answering read the snapshot the tick's refresh made: no refresh ran on the requests' path.
      expect(screen.refreshes()).toBe(refreshed);
      let moved = 0;
      for (const [code, price] of after) {
        const quote = market.engine.quote(code);
        expect(price, code).toBe(quote?.price ?? null);
        if (price !== before.get(code)) moved += 1;
      }
      expect(moved).toBeGreaterThan(0);
    },
    timeout,
  );

  it(
    'a request that comes before the tick’s refresh has run waits for it rather than answer old figures',
    async () => {
      const { market, database } = session.context;
      const screen = stockScreenOf({ db: database.db, market });
      await screen.idle();
      session.now += tickIntervalMs * 20;
      await market.engine.beat();
      // No idle(): the refresh is still queued behind the tick when the request comes.
      const after = await screenedPrices();
      for (const [code, price] of after) expect(price, code).toBe(market.engine.quote(code)?.price ?? null);
    },
    timeout,
  );

  it(
    'a request that comes while a tick’s refresh is part-way through finishes it, and answers the engine’s figures',
    async () => {
      const { market } = session.context;
      // Each slice writes one batch of rows and yields, so the refresh is part-way through when the
      // request comes.
      const { screen, costs } = await followInSlicesOf(0);
      try {
        await screen.idle();
        session.now += tickIntervalMs * 20;
        await market.engine.beat();
        // The tick's refresh starts after the tick's listeners and runs its first slice.
        await new Promise((resolve) => setImmediate(resolve));
        const published = costs.filter((cost) => cost.kind === 'live').length;

        const prices = new Map<string, number | null>();
        for (let page = 1; ; page += 1) {
          const answer = await screen.screen({ seqFlags: 'PRICE', sortFlag: 'PRICE', page, size: 100 });
          for (const row of answer.list) prices.set(row.code, row.values[0] as number | null);
          if (prices.size >= answer.total) break;
        }
        const refresh = costs.filter((cost) => cost.kind === 'live');
        // One refresh was published, by the request: it had more rows than one slice writes.
        expect(refresh.length).toBe(published + 1);
        expect(refresh.at(-1)?.recomputed).toBeGreaterThan(64);
        for (const [code, price] of prices)
          expect(price, code).toBe(market.engine.quote(code)?.price ?? null);
      } finally {
        await screen.unfollow();
      }
    },
    timeout,
  );

  it(
    'a tick’s refresh ranking each RPS period in a slice of its own publishes the ranks of the whole market’s changes',
    async () => {
      const { market } = session.context;
      // Slices of 0 ms: every period's ranks come after a yield, from the order the last tick kept.
      const { screen, engine } = await followInSlicesOf(0);
      try {
        await screen.idle();
        const before = await engine.current();
        session.now += tickIntervalMs * 20;
        await market.engine.beat();
        await screen.idle();
        const after = await engine.current();
        expect(after).not.toBe(before);
        for (const n of returnPeriods.filter((period) => period !== 5)) {
          const changes = after.columns.get(`RETURN_${n}`) as Float64Array;
          const ranks = Array.from(after.columns.get(`RPS_${n}`) ?? []);
          expect(ranks.filter(Number.isFinite).length, `RPS_${n}`).toBeGreaterThan(0);
          // Ranked from scratch over the published changes: the same figures.
          expect(ranks, `RPS_${n}`).toEqual(Array.from(rpsOf(changes)));
        }
      } finally {
        await screen.unfollow();
      }
    },
    timeout,
  );

  it(
    'a tick’s refresh whose look for the moved stocks is cut into slices publishes the figures of one run in one slice',
    async () => {
      const { market } = session.context;
      // Slices of 0 ms: the look yields after every batch of quotes, then each batch of rows.
      const sliced = await followInSlicesOf(0);
      const whole = await followInSlicesOf(60_000);
      try {
        await sliced.screen.idle();
        await whole.screen.idle();
        session.now += tickIntervalMs * 20;
        await market.engine.beat();
        await sliced.screen.idle();
        await whole.screen.idle();
        const cut = await sliced.engine.current();
        const inOne = await whole.engine.current();
        // More moved stocks than one batch: the look went on over several slices.
        expect(sliced.costs.at(-1)?.recomputed).toBeGreaterThan(64);
        for (const [code, values] of inOne.columns)
          expect(Array.from(cut.columns.get(code) ?? []), code).toEqual(Array.from(values));
      } finally {
        await sliced.screen.unfollow();
        await whole.screen.unfollow();
      }
    },
    timeout,
  );

  // A refresh that yields after its first batch of rows, and one that fits in one slice: had the
  // latter taken its first slice at once, it would be published in the middle of the beat and the
  // fan-out, in one block of the event loop.
  it.each([
    ['a tick’s refresh waits while the tick’s socket fan-out runs in the foreground, then completes', 0],
    ['a refresh that fits in one slice still waits for the foreground work before its first slice', 60_000],
  ])(
    '%s',
    async (_title, sliceMs) => {
      const { market } = session.context;
      const { screen, costs } = await followInSlicesOf(sliceMs);
      let endFanOut = () => {};
      try {
        await screen.idle();
        const before = costs.filter((cost) => cost.kind === 'live').length;
        // A fan-out holding the foreground (as websocket-hub's does for 10,000 sockets).
        const fanOut = inForeground(() => new Promise<void>((resolve) => (endFanOut = resolve)));
        session.now += tickIntervalMs * 20;
        await market.engine.beat();
        for (let turn = 0; turn < 50; turn += 1) await new Promise((resolve) => setImmediate(resolve));
        // Fifty turns would finish a refresh sharing the loop slice for slice; this one waited.
        expect(costs.filter((cost) => cost.kind === 'live').length).toBe(before);
        endFanOut();
        await fanOut;
        await screen.idle();
        expect(costs.filter((cost) => cost.kind === 'live').length).toBe(before + 1);
      } finally {
        endFanOut();
        await screen.unfollow();
      }
    },
    timeout,
  );

  it(
    'a restart loads the day table and its 评分 columns stored by the first build, and serves the same figures',
    async () => {
      const { market, database } = session.context;
      await stockScreenOf({ db: database.db, market }).idle();
      const repository = createStockScreenRepository(database.db);
      // A first build of the day, with nothing stored to find: it stores the table and, after its
      // pass, the 评分 columns (which read the quotes of the moment they are computed).
      await database.db.deleteFrom('screen_day_tables').execute();
      const fresh = createStockScreenEngine(market, repository);
      await fresh.current();
      await fresh.idle();
      const built = await fresh.current();

      const kinds: RefreshCost['kind'][] = [];
      const restarted = createStockScreenEngine(market, repository, (cost) => kinds.push(cost.kind));
      const loaded = await restarted.current();
      await restarted.idle();
      expect(kinds).toEqual(['loaded']);
      expect(loaded.day).toBe(built.day);
      expect([...loaded.columns.keys()].sort()).toEqual([...built.columns.keys()].sort());
      for (const [code, values] of built.columns)
        expect(Array.from(loaded.columns.get(code) ?? []), code).toEqual(Array.from(values));
      expect(
        Array.from(loaded.columns.get('SCORE_TOTAL') ?? []).filter(Number.isFinite).length,
      ).toBeGreaterThan(0);
    },
    timeout,
  );

  it(
    'a restart builds the choice columns on first use (not before listening), and its first catalogue and select answer them',
    async () => {
      const { market, database } = session.context;
      await stockScreenOf({ db: database.db, market }).idle();
      const { directory } = market;
      const restart = () =>
        createStockScreenService(createStockScreenEngine(market, createStockScreenRepository(database.db)));
      // The industry names are asked only when the choice columns are built.
      const industryNames = vi.spyOn(directory, 'swIndustry');
      try {
        const restarted = restart();
        expect(industryNames).not.toHaveBeenCalled();
        const { groups } = await restarted.catalogue();
        const industries = groups
          .flatMap((group) => group.conditions)
          .find((entry) => entry.code === 'SW_L1');
        const stocks = directory.ofType('capital');
        const levelOne = new Set(stocks.flatMap((stock) => stock.swPath[0] ?? []));
        expect(industries?.options.map((option) => option.value).sort()).toEqual([...levelOne].sort());
        for (const option of industries?.options ?? [])
          expect(option.count, option.label).toBe(
            stocks.filter((stock) => stock.swPath[0] === option.value).length,
          );
        // A choice counts the stocks holding any of its options, each once.
        expect(industries?.count).toBe(stocks.filter((stock) => stock.swPath[0] !== undefined).length);
        const concepts = groups
          .flatMap((group) => group.conditions)
          .find((entry) => entry.code === 'CONCEPT');
        const capital = new Set(stocks.map((stock) => stock.code));
        const inConcepts = new Set(
          directory
            .ofType('index_gn')
            .flatMap((index) => directory.membersOf(index.code).map((member) => member.code))
            .filter((code) => capital.has(code)),
        );
        expect(concepts?.count).toBe(inConcepts.size);
        expect(industryNames).toHaveBeenCalled();
      } finally {
        industryNames.mockRestore();
      }

      // A first select (no catalogue before it) on another restart: an index's A-share members.
      const heldBy = (indexCode: string) =>
        directory
          .membersOf(indexCode)
          .map((member) => member.code)
          .filter((code) => directory.get(code)?.type === 'capital');
      // An index whose A-shares fit on one page.
      const index = directory.ofType('index_hs').find((candidate) => {
        const count = heldBy(candidate.code).length;
        return count > 1 && count <= 100;
      });
      if (!index) throw new Error('no index with a page of A-share members');
      const held = heldBy(index.code).sort();
      const page = await restart().screen({ seqFlags: 'INDEX', index: index.code, page: 1, size: 100 });
      expect(page.total).toBe(held.length);
      expect(page.list.map((row) => row.code).sort()).toEqual(held);
    },
    timeout,
  );

  it(
    'index membership follows a live review (the directory reloads its members at a roll)',
    async () => {
      const { market, database } = session.context;
      const screen = stockScreenOf({ db: database.db, market });
      await screen.idle();
      const { directory } = market;
      const held = (indexCode: string) =>
        directory.membersOf(indexCode).filter((member) => directory.get(member.code)?.type === 'capital');
      const index = directory.ofType('index_hs').find((candidate) => held(candidate.code).length > 1);
      if (!index) throw new Error('no index holding A-shares');
      const body = { seqFlags: 'INDEX', index: index.code };
      const before = (await screen.numbers(body)).total;
      expect(before).toBe(held(index.code).length);

      const leaving = held(index.code)[0]?.code ?? '';
      await database.db
        .deleteFrom('index_members')
        .where('index_code', '=', index.code)
        .where('member_code', '=', leaving)
        .execute();
      await directory.reloadMembers();

      expect((await screen.numbers(body)).total).toBe(before - 1);
      const codes = await stockScreenOf({ db: database.db, market }).codes(body);
      expect(codes).not.toContain(leaving);
    },
    timeout,
  );
});
