import {
  Codes,
  type ScreenCriterion,
  type ScreenPage,
  type ScreenPreset,
  type StockCondition,
  type StockConditionGroup,
  stockConditionGroups,
} from '@zhicai/contract';
import { AppError } from '../../../http/app-error.ts';
import { type Criterion, isChoice, parseCriteria } from './screen-request.ts';
import { conditionByCode } from './stock-conditions.ts';
import { type StockPreset, stockPresets } from './stock-presets.ts';
import type { StockScreenEngine } from './stock-screen-engine.ts';

/** What select and its relatives are asked: the protocol body, with paging and sorting read by the contract. */
export type ScreenRequest = Readonly<Record<string, unknown>> & {
  sortFlag?: string | undefined;
  sortOrder?: 'desc' | 'asc';
  page?: number;
  size?: number;
};

/** The rules of the stock screen over the engine's columns: catalogue, select, count, presets. */
export function createStockScreenService(engine: StockScreenEngine) {
  function criteriaOf(criteria: readonly Criterion[]): ScreenCriterion[] {
    return criteria.map((criterion) => {
      const { code, name, kind, unit } = criterion.definition;
      if (isChoice(criterion)) {
        const column = engine.choice(code);
        const options = criterion.values.map((value) => {
          const option = column?.byValue.get(value);
          if (!option) throw new AppError(Codes.invalidParams, `${name}没有选项：${value.slice(0, 40)}`, 400);
          return { value, label: option.label };
        });
        return { code, name, kind, unit, left: null, right: null, options };
      }
      return { code, name, kind, unit, left: criterion.left, right: criterion.right, options: [] };
    });
  }

  function sortCodeOf(request: ScreenRequest, criteria: readonly Criterion[]): string {
    if (request.sortFlag) {
      const code = request.sortFlag.trim().toUpperCase();
      const definition = conditionByCode.get(code);
      if (!definition || definition.kind === 'choice')
        throw new AppError(Codes.invalidParams, `不能按该条件排序：${code.slice(0, 40)}`, 400);
      return code;
    }
    return criteria.find((criterion) => criterion.definition.kind === 'range')?.definition.code ?? 'CHG_1D';
  }

  async function screen(request: ScreenRequest): Promise<ScreenPage> {
    const criteria = parseCriteria(request);
    const sortFlag = sortCodeOf(request, criteria);
    const sortOrder = request.sortOrder ?? 'desc';
    const page = request.page ?? 1;
    const size = request.size ?? 20;
    const view = await engine.current();
    const echoed = criteriaOf(criteria);
    const selected = engine.matching(view, criteria);
    const rows = engine.page(view, selected, sortFlag, sortOrder, (page - 1) * size, page * size);
    return {
      tradingDay: view.day,
      total: selected.length,
      page,
      size,
      sortFlag,
      sortOrder,
      criteria: echoed,
      list: Array.from(rows, (stock) => {
        const instrument = engine.stocks[stock];
        const quote = view.quotes[stock];
        return {
          code: instrument?.code ?? '',
          name: instrument?.name ?? '',
          price: quote?.price ?? null,
          chgPct: quote?.chgPct ?? null,
          values: criteria.map((criterion) =>
            isChoice(criterion)
              ? engine.choiceLabels(criterion, stock)
              : engine.figureOf(view, criterion.definition, stock),
          ),
        };
      }),
    };
  }

  async function count(request: Readonly<Record<string, unknown>>): Promise<number> {
    const criteria = parseCriteria(request);
    const view = await engine.current();
    criteriaOf(criteria);
    return engine.countMatching(view, criteria);
  }

  async function presetsWithCounts(presets: readonly StockPreset[]): Promise<ScreenPreset[]> {
    const result: ScreenPreset[] = [];
    for (const { id, tag, description, group, request } of presets)
      result.push({ id, tag, description, group, request, count: await count(request) });
    return result;
  }

  function presetOf(id: string): StockPreset {
    const preset = stockPresets.find((candidate) => candidate.id === id);
    if (!preset) throw new AppError(Codes.notFound, '没有这个快捷选股', 404);
    return preset;
  }

  return {
    screen,
    count,
    /** Keeps the figures current in the background from now on (see the engine's start). */
    follow: (intervalMs: number) => engine.start(intervalMs),
    unfollow: () => engine.stop(),
    /** Settles once the background refresh under way is done. */
    idle: () => engine.idle(),
    refreshes: () => engine.refreshes(),
    async catalogue() {
      const { view, conditions } = await engine.catalogue();
      const groups = stockConditionGroups
        .map((group) => ({ group, conditions: conditions.filter((condition) => condition.group === group) }))
        .filter((entry) => entry.conditions.length > 0);
      return { tradingDay: view.day, universe: engine.stocks.length, groups };
    },
    async range(code: string): Promise<StockCondition> {
      const definition = conditionByCode.get(code);
      if (!definition) throw new AppError(Codes.notFound, `没有这个选股条件：${code.slice(0, 40)}`, 404);
      return engine.condition(definition);
    },
    async numbers(request: Readonly<Record<string, unknown>>) {
      return { total: await count(request), universe: engine.stocks.length };
    },
    /** Per chosen condition: what dropping it gives, and what it matches alone. */
    async adjust(request: Readonly<Record<string, unknown>>) {
      const criteria = parseCriteria(request);
      const view = await engine.current();
      criteriaOf(criteria);
      return {
        total: engine.countMatching(view, criteria),
        conditions: criteria.map((criterion, position) => ({
          code: criterion.definition.code,
          name: criterion.definition.name,
          withoutIt: engine.countMatching(view, criteria, position),
          alone: engine.countMatching(view, [criterion]),
        })),
      };
    },
    tags(type: StockConditionGroup | undefined) {
      return presetsWithCounts(type ? stockPresets.filter((preset) => preset.group === type) : stockPresets);
    },
    recommend() {
      return presetsWithCounts(stockPresets.filter((preset) => preset.recommended));
    },
    presetScreen(id: string, page: number, size: number) {
      return screen({ ...presetOf(id).request, page, size });
    },
    async presetCount(id: string) {
      return { total: await count(presetOf(id).request), universe: engine.stocks.length };
    },
    /**
     * Per code, each condition's value for a result row in `flags` order: a range's current figure,
     * 是/否 for a flag, a choice's options the stock holds among those asked (白酒Ⅱ); null where none,
     * or where the conditions no longer read (a condition the catalogue dropped).
     */
    async values(
      conditions: Readonly<Record<string, unknown>>,
      flags: readonly string[],
      codes: readonly string[],
    ): Promise<Map<string, (number | string | null)[]>> {
      const view = await engine.current();
      let criteria: Criterion[] = [];
      try {
        criteria = parseCriteria(conditions);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
      const byFlag = new Map(criteria.map((criterion) => [criterion.definition.code, criterion]));
      const columns = flags.map((flag) => byFlag.get(flag));
      const cellOf = (criterion: Criterion | undefined, stock: number | undefined) => {
        if (criterion === undefined || stock === undefined) return null;
        if (isChoice(criterion)) return engine.choiceLabels(criterion, stock);
        const figure = engine.figureOf(view, criterion.definition, stock);
        if (criterion.definition.kind !== 'flag' || figure === null) return figure;
        return figure === 1 ? '是' : '否';
      };
      return new Map(
        codes.map((code) => [code, columns.map((criterion) => cellOf(criterion, engine.indexOf.get(code)))]),
      );
    },

    /** A condition's column title with its unit, e.g. 市盈率(TTM)(倍). */
    title(flag: string): string {
      const definition = conditionByCode.get(flag);
      if (!definition) return flag;
      return definition.unit ? `${definition.name}(${definition.unit})` : definition.name;
    },

    /** The codes matching a saved condition set (the strategy part re-runs saved screens with it). */
    async codes(request: Readonly<Record<string, unknown>>): Promise<string[]> {
      const criteria = parseCriteria(request);
      const view = await engine.current();
      criteriaOf(criteria);
      return Array.from(engine.matching(view, criteria), (stock) => engine.codes[stock] as string);
    },
  };
}

export type StockScreenService = ReturnType<typeof createStockScreenService>;
