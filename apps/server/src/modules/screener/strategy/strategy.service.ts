import {
  Codes,
  type DatasOf,
  href,
  STRATEGY_LIMIT,
  type StrategyChange,
  type StrategyConditions,
  type StrategyKind,
  type StrategySummary,
  type screenerEndpoints,
  strategyConditions,
} from '@zhicai/contract';
import { previousTradingDay } from '@zhicai/domain';
import { AppError } from '../../../http/app-error.ts';
import type { Market } from '../../../market/market.ts';
import type { Notice } from '../../alert/alert-delivery.ts';
import { houseStrategies } from './house-strategies.ts';
import type { StrategyRepository, StrategyRow } from './strategy.repository.ts';
import { diffResults, finishedSession } from './strategy-diff.ts';
import { columnFlags, type StrategyScreens } from './strategy-screens.ts';

type Datas<Name extends keyof typeof screenerEndpoints> = DatasOf<(typeof screenerEndpoints)[Name]>;

const kindLabel: Readonly<Record<StrategyKind, string>> = { stock: '选股', fund: '选基' };

/** YYYYMMDD → YYYY/MM/DD, as the protocol's info rows write the day a code entered. */
function slashDay(day: number): string {
  const text = String(day);
  return `${text.slice(0, 4)}/${text.slice(4, 6)}/${text.slice(6, 8)}`;
}

export interface StrategyServiceDeps {
  repository: StrategyRepository;
  screens: StrategyScreens;
  market: Pick<Market, 'directory' | 'engine'>;
  clock: () => Date;
  /** Delivers a message-box notice (the alert module's delivery); absent, changes notify no one. */
  notify?: (notice: Notice) => Promise<void>;
}

/**
 * Saved strategies (issue 18 items 4–5): the lists, the writes with their limits and ownership,
 * the result rows, and the run after each close that stores entries and exits.
 */
export function createStrategyService(deps: StrategyServiceDeps) {
  const { repository, screens, market, clock } = deps;
  const now = () => clock().toISOString();

  function conditionsOf(row: StrategyRow): StrategyConditions {
    return strategyConditions.parse(JSON.parse(row.conditions));
  }

  /** The day whose close the results reflect now (the market's clock, not the app's). */
  function sessionDay(): number {
    const cn = market.engine.clockOf('cn');
    return finishedSession(cn, previousTradingDay('cn', cn.tradingDay));
  }

  /** A strategy the user may read: a house one, or the user's own; another's answers as unknown. */
  async function requireVisible(userId: number | null, id: number, kind: StrategyKind): Promise<StrategyRow> {
    const row = await repository.find(id);
    if (!row || row.kind !== kind || (row.user_id !== null && row.user_id !== userId)) {
      throw new AppError(Codes.notFound, '策略不存在', 404);
    }
    return row;
  }

  /** A strategy the user may change: the user's own. */
  async function requireOwn(userId: number, id: number, kind: StrategyKind): Promise<StrategyRow> {
    const row = await requireVisible(userId, id, kind);
    if (row.user_id === null) throw new AppError(Codes.refused, '官方策略不能修改，可复制到我的策略后修改');
    return row;
  }

  async function ensureRoom(userId: number, kind: StrategyKind): Promise<void> {
    if ((await repository.countOwn(userId, kind)) >= STRATEGY_LIMIT) {
      throw new AppError(
        Codes.refused,
        `我的${kindLabel[kind]}策略最多 ${STRATEGY_LIMIT} 个，请先删除不需要的策略`,
      );
    }
  }

  function screen(kind: StrategyKind, conditions: StrategyConditions): Promise<string[]> {
    return kind === 'stock' ? screens.stocks(conditions) : screens.funds(conditions);
  }

  /** Runs a strategy for `day`; answers the entries and exits it stored. */
  async function run(row: StrategyRow, day: number) {
    const codes = await screen(row.kind as StrategyKind, conditionsOf(row));
    const previous = await repository.holdings(row.id);
    const diff = diffResults(previous, codes, day);
    // A first run is where the strategy starts: its results are not changes.
    const firstRun = row.run_day === null;
    // Another pass stored this day first: its owner has heard of it already.
    if (!(await repository.storeRun(row.id, day, diff, !firstRun))) return null;
    return firstRun ? { entries: [], exits: [] } : diff;
  }

  async function summaries(userId: number | null, rows: readonly StrategyRow[]): Promise<StrategySummary[]> {
    const ids = rows.map((row) => row.id);
    const [latest, seen] = await Promise.all([
      repository.latestChanges(ids),
      userId === null ? Promise.resolve(new Map<number, number>()) : repository.seen(userId),
    ]);
    return rows.map((row) => {
      const change = latest.get(row.id);
      return {
        id: row.id,
        name: row.name,
        kind: row.kind as StrategyKind,
        house: row.user_id === null,
        description: row.description,
        conditions: conditionsOf(row),
        count: row.result_count,
        runDay: row.run_day,
        entries: change?.entries ?? 0,
        exits: change?.exits ?? 0,
        changedDay: change?.day ?? null,
        redPoint: userId !== null && change !== undefined && change.day > (seen.get(row.id) ?? 0),
        updateTime: row.updated_at,
      };
    });
  }

  async function visible(userId: number | null, kind: StrategyKind) {
    await afterRun();
    const rows = await repository.listVisible(userId, kind);
    return {
      house: rows.filter((row) => row.user_id === null),
      mine: rows.filter((row) => row.user_id !== null),
    };
  }

  async function notifyChanges(
    row: StrategyRow,
    day: number,
    entries: readonly string[],
    exits: readonly string[],
  ) {
    if (!deps.notify || row.user_id === null || (entries.length === 0 && exits.length === 0)) return;
    const names = (codes: readonly string[]) =>
      codes
        .slice(0, 3)
        .map((code) => market.directory.get(code)?.name ?? code)
        .join('、') + (codes.length > 3 ? ` 等 ${codes.length} 只` : '');
    const parts = [
      ...(entries.length > 0 ? [`新入选 ${names(entries)}`] : []),
      ...(exits.length > 0 ? [`移出 ${names(exits)}`] : []),
    ];
    await deps.notify({
      userId: row.user_id,
      topic: 'strategy',
      title: `策略「${row.name}」结果有变化`,
      body: `${slashDay(day)} 收盘后：${parts.join('；')}`,
      path: href('chooseSuper', { id: String(row.id) }),
    });
  }

  let running: Promise<number> | null = null;
  /** The session day of the last pass this process finished. */
  let passedDay: number | null = null;

  /**
   * A read that comes while a pass runs (the first minutes after a start past a close) waits for it,
   * so it shows that close's results; the pass itself no longer holds the start. A read that comes
   * before any pass for the session day (a restart answers its first requests before its background
   * starts; a close the minute's check has not seen yet) runs it first, for the same reason.
   */
  async function afterRun(): Promise<void> {
    if (running) await running.catch(() => {});
    else if (passedDay !== sessionDay()) await runDue().catch(() => {});
  }

  function runDue(): Promise<number> {
    if (running) return running;
    running = (async () => {
      const day = sessionDay();
      let ran = 0;
      for (const row of await repository.listAll()) {
        if (row.run_day !== null && row.run_day >= day) continue;
        // A strategy the screen refuses (a condition a later catalogue dropped) keeps its last
        // results and does not stop everyone else's run.
        const result = await run(row, day).catch((error: unknown) => {
          if (error instanceof AppError) return null;
          throw error;
        });
        if (!result) continue;
        const { entries, exits } = result;
        await notifyChanges(row, day, entries, exits);
        ran += 1;
      }
      passedDay = day;
      return ran;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    sessionDay,

    /** Writes the shipped house strategies (at start). */
    async installHouseStrategies(): Promise<void> {
      let position = 0;
      for (const house of houseStrategies) {
        await repository.upsertHouse({
          userId: null,
          kind: house.kind,
          houseKey: house.key,
          name: house.name,
          description: house.description,
          conditions: JSON.stringify(house.conditions),
          position: position++,
          at: now(),
        });
      }
    },

    /**
     * Runs every strategy not yet run for the latest finished session (after each close; at start
     * for what a stopped server missed). Answers how many ran; one pass at a time.
     */
    runDue,

    /** Resolves when the pass under way (if any) is done (shutdown). */
    idle: async (): Promise<void> => {
      await running;
    },

    async listMine(userId: number, kind: StrategyKind): Promise<StrategySummary[]> {
      return summaries(userId, (await visible(userId, kind)).mine);
    },

    async listHouse(userId: number | null, kind: StrategyKind): Promise<StrategySummary[]> {
      return summaries(userId, (await visible(userId, kind)).house);
    },

    async listBoth(userId: number | null, kind: StrategyKind): Promise<Datas<'strategyListV3'>> {
      const { house, mine } = await visible(userId, kind);
      const [houseSummaries, mineSummaries] = await Promise.all([
        summaries(userId, house),
        summaries(userId, mine),
      ]);
      return { house: houseSummaries, mine: mineSummaries };
    },

    async add(userId: number, kind: StrategyKind, name: string, conditions: StrategyConditions) {
      await ensureRoom(userId, kind);
      const id = await repository.insert({
        userId,
        kind,
        houseKey: null,
        name,
        description: '',
        conditions: JSON.stringify(conditions),
        position: await repository.countOwn(userId, kind),
        at: now(),
      });
      await run((await repository.find(id)) as StrategyRow, sessionDay());
      return { id };
    },

    async remove(userId: number, kind: StrategyKind, id: number) {
      await requireOwn(userId, id, kind);
      await repository.remove(id);
      return { id };
    },

    async rename(userId: number, kind: StrategyKind, id: number, name: string) {
      await requireOwn(userId, id, kind);
      await repository.rename(id, name, now());
      return { id };
    },

    async updateConditions(userId: number, kind: StrategyKind, id: number, conditions: StrategyConditions) {
      await requireOwn(userId, id, kind);
      await repository.setConditions(id, JSON.stringify(conditions), now());
      await run((await repository.find(id)) as StrategyRow, sessionDay());
      return { id };
    },

    async copy(userId: number, kind: StrategyKind, id: number, name: string | undefined) {
      const source = await requireVisible(userId, id, kind);
      return this.add(userId, kind, name ?? `${source.name.slice(0, 14)}副本`, conditionsOf(source));
    },

    async info(userId: number | null, kind: StrategyKind, id: number): Promise<Datas<'strategyInfo'>> {
      const row = await requireVisible(userId, id, kind);
      const conditions = conditionsOf(row);
      const flags = columnFlags(conditions);
      const holdings = [...(await repository.holdings(id))].sort(
        ([codeA, sinceA], [codeB, sinceB]) => sinceB - sinceA || codeA.localeCompare(codeB),
      );
      const values = await screens.values(
        kind,
        conditions,
        flags,
        holdings.map(([code]) => code),
      );
      return {
        id: row.id,
        name: row.name,
        kind,
        house: row.user_id === null,
        conditions,
        columns: ['代码', '名称', '入选日期', ...flags.map((flag) => screens.title(kind, flag))],
        list: holdings.map(([code, since]) => [
          code,
          market.directory.get(code)?.name ?? code,
          slashDay(since),
          ...(values.get(code) ?? flags.map(() => null)),
        ]),
        runDay: row.run_day,
      };
    },

    async changes(userId: number | null, id: number | undefined, limit: number): Promise<StrategyChange[]> {
      const rows = await inScope(userId, id);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const changes = new Map<string, StrategyChange>();
      for (const change of await repository.changes([...byId.keys()], limit)) {
        const key = `${change.day}|${change.strategy_id}`;
        const strategy = byId.get(change.strategy_id) as StrategyRow;
        let entry = changes.get(key);
        if (!entry) {
          entry = {
            strategyId: strategy.id,
            strategyName: strategy.name,
            kind: strategy.kind as StrategyKind,
            day: change.day,
            entries: [],
            exits: [],
          };
          changes.set(key, entry);
        }
        const item = { code: change.code, name: market.directory.get(change.code)?.name ?? change.code };
        (change.direction === 'in' ? entry.entries : entry.exits).push(item);
      }
      return [...changes.values()];
    },

    async redPoints(userId: number | null): Promise<Datas<'strategyRedPoint'>> {
      if (userId === null) return { ids: [], count: 0 };
      const rows = await inScope(userId, undefined);
      const ids = (await summaries(userId, rows))
        .filter((summary) => summary.redPoint)
        .map((summary) => summary.id);
      return { ids, count: ids.length };
    },

    async removeRedPoint(userId: number, id: number | undefined): Promise<{ removed: number }> {
      const rows = await inScope(userId, id);
      const latest = await repository.latestChanges(rows.map((row) => row.id));
      const seen = await repository.seen(userId);
      const unseen = new Map(
        [...latest]
          .filter(([strategyId, change]) => change.day > (seen.get(strategyId) ?? 0))
          .map(([strategyId, change]) => [strategyId, change.day]),
      );
      await repository.markSeen(userId, unseen);
      return { removed: unseen.size };
    },

    async version(): Promise<Datas<'strategyVersion'>> {
      await afterRun();
      const day = await repository.latestRunDay();
      return { version: day ?? 0, day };
    },

    async strategiesOf(userId: number | null, code: string): Promise<Datas<'stockStrategysDetail'>> {
      await afterRun();
      const rows = await repository.listVisible(userId, 'stock');
      const byId = new Map(rows.map((row) => [row.id, row]));
      const holders = await repository.holdersOf(code, [...byId.keys()]);
      const latest = await repository.latestChanges(holders.map((holder) => holder.strategy_id));
      return holders
        .map((holder) => {
          const row = byId.get(holder.strategy_id) as StrategyRow;
          const change = latest.get(row.id);
          return {
            id: row.id,
            name: row.name,
            house: row.user_id === null,
            since: holder.since_day,
            changedDay: change?.day ?? null,
            entries: change?.entries ?? 0,
            exits: change?.exits ?? 0,
          };
        })
        .sort((a, b) => Number(b.house) - Number(a.house) || a.since - b.since || a.id - b.id);
    },
  };

  /** One strategy the user may read (either kind), or all of them, stock and fund. */
  async function inScope(userId: number | null, id: number | undefined): Promise<StrategyRow[]> {
    await afterRun();
    if (id === undefined) {
      return [
        ...(await repository.listVisible(userId, 'stock')),
        ...(await repository.listVisible(userId, 'fund')),
      ];
    }
    const row = await repository.find(id);
    return [await requireVisible(userId, id, (row?.kind as StrategyKind | undefined) ?? 'stock')];
  }
}

export type StrategyService = ReturnType<typeof createStrategyService>;
