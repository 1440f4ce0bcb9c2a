import { performance } from 'node:perf_hooks';
import {
  Codes,
  type DatasOf,
  type FundConditionSet,
  type screenerEndpoints,
  type screenerFundEndpoints,
} from '@zhicai/contract';
import { AppError } from '../../../http/app-error.ts';
import type { Market } from '../../../market/market.ts';
import type { ModuleDeps } from '../../app-module.ts';
import { createScreenDayStore } from '../screen-day-store.ts';
import { type FundFacts, fundConditions, fundConditionsByFlag, fundGroups } from './fund-conditions.ts';
import { createFundScreenRepository } from './fund-screen.repository.ts';
import { type FundScreenTable, navDayOf, screenedFunds, storedFundScreenTable } from './fund-screen-table.ts';

/**
 * What the fund screen reads: the market and the database its bulk reads go to (ModuleDeps has
 * both); the logger, when given, hears what each table build cost.
 */
export type FundScreenDeps = Pick<ModuleDeps, 'market' | 'db'> & Partial<Pick<ModuleDeps, 'logger'>>;

type Datas<Name extends keyof typeof screenerFundEndpoints> = DatasOf<(typeof screenerEndpoints)[Name]>;

/** One chosen condition, its bounds read: a range [left, right] or a set of option values. */
export type ParsedCondition =
  | { flag: string; kind: 'range'; left: number; right: number }
  | { flag: string; kind: 'options'; values: ReadonlySet<string> | null };

const maxConditions = 30;

function invalid(message: string): AppError {
  return new AppError(Codes.invalidParams, message, 400);
}

/** A bound as the protocol sends it; "Infinity" and "-Infinity" (or nothing) leave that side open. */
function parseBound(raw: unknown, open: number, label: string): number {
  if (raw === undefined || raw === null || raw === '') return open;
  if (typeof raw === 'number' && !Number.isNaN(raw)) return raw;
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (text === 'Infinity' || text === '+Infinity') return Number.POSITIVE_INFINITY;
    if (text === '-Infinity') return Number.NEGATIVE_INFINITY;
    const value = Number(text);
    if (text !== '' && Number.isFinite(value)) return value;
  }
  throw invalid(`${label}不是数字`);
}

/** A condition's own key as sent: `RET_Y1_left`, or lower-case as the stock screen's `basic_st`. */
function fieldOf(set: FundConditionSet, key: string): unknown {
  return set[key] ?? set[key.toLowerCase()];
}

/**
 * The chosen conditions of a set, in `seqFlags` order, each once. An unknown flag, an unreadable
 * bound or a lower bound above the upper one is refused (400) rather than read as "no condition".
 */
export function parseConditions(set: FundConditionSet): ParsedCondition[] {
  const flags = [
    ...new Set(
      String(set.seqFlags ?? '')
        .split(',')
        .map((flag) => flag.trim().toUpperCase())
        .filter((flag) => flag !== ''),
    ),
  ];
  if (flags.length > maxConditions) throw invalid(`最多选择 ${maxConditions} 个条件`);
  return flags.map((flag): ParsedCondition => {
    const definition = fundConditionsByFlag.get(flag);
    if (!definition) throw invalid(`没有名为 ${flag.slice(0, 40)} 的选基条件`);
    if (definition.kind === 'options') {
      const raw = fieldOf(set, flag);
      const values = String(raw ?? '')
        .split(',')
        .map((value) => value.trim())
        .filter((value) => value !== '');
      return { flag, kind: 'options', values: values.length > 0 ? new Set(values) : null };
    }
    const left = parseBound(
      fieldOf(set, `${flag}_left`),
      Number.NEGATIVE_INFINITY,
      `${definition.name}的下限`,
    );
    const right = parseBound(
      fieldOf(set, `${flag}_right`),
      Number.POSITIVE_INFINITY,
      `${definition.name}的上限`,
    );
    if (left > right) throw invalid(`${definition.name}的下限大于上限`);
    return { flag, kind: 'range', left, right };
  });
}

/** Whether each row passes one condition (a fund without the figure passes no range). */
function passes(table: FundScreenTable, condition: ParsedCondition): Uint8Array {
  const result = new Uint8Array(table.funds.length);
  if (condition.kind === 'range') {
    const column = table.numbers.get(condition.flag) as Float64Array;
    const { left, right } = condition;
    for (let row = 0; row < column.length; row += 1) {
      const value = column[row] as number;
      // NaN fails both comparisons, so a fund without the figure never matches.
      if (value >= left && value <= right) result[row] = 1;
    }
  } else {
    const column = table.labels.get(condition.flag) as readonly string[];
    const { values } = condition;
    for (let row = 0; row < column.length; row += 1)
      if (values === null || values.has(column[row] as string)) result[row] = 1;
  }
  return result;
}

/** How many conditions each row fails: 0 is a match; conditionAdjust reads the rows failing one. */
function failures(table: FundScreenTable, conditions: readonly ParsedCondition[]) {
  const failed = new Uint8Array(table.funds.length);
  const masks = conditions.map((condition) => passes(table, condition));
  for (const mask of masks)
    for (let row = 0; row < failed.length; row += 1) if (!mask[row]) failed[row] = (failed[row] ?? 0) + 1;
  return { failed, masks };
}

function matchingRows(table: FundScreenTable, conditions: readonly ParsedCondition[]): number[] {
  const { failed } = failures(table, conditions);
  const rows: number[] = [];
  for (let row = 0; row < failed.length; row += 1) if (failed[row] === 0) rows.push(row);
  return rows;
}

interface TagRule {
  tag: string;
  type: 1 | 2;
  rule: string;
  test(facts: FundFacts, context: TagContext): boolean;
}

/** Quartile marks of 近1年 and 近3年 returns within each category, for the relative tags. */
interface TagContext {
  quartiles: Map<string, { y1Low: number; y3High: number }>;
}

const tagRules: readonly TagRule[] = [
  {
    tag: '长期绩优',
    type: 1,
    rule: '近3年收益居同类前25%',
    test: (facts, context) =>
      facts.returns.y3 !== null &&
      facts.returns.y3 >= (context.quartiles.get(facts.category)?.y3High ?? Infinity),
  },
  { tag: '高夏普', type: 1, rule: '近1年夏普比率不低于1', test: (facts) => (facts.sharpe ?? -Infinity) >= 1 },
  { tag: '五星评级', type: 1, rule: '知财评级五星', test: (facts) => facts.rating === 5 },
  {
    tag: '回撤小',
    type: 1,
    rule: '近1年最大回撤不超过5%',
    test: (facts) => facts.maxDrawdown !== null && facts.maxDrawdown <= 0.05,
  },
  {
    tag: '老将掌舵',
    type: 1,
    rule: '基金经理任职满5年',
    test: (facts) => (facts.tenureYears ?? 0) >= 5,
  },
  {
    tag: '回撤较大',
    type: 2,
    rule: '近1年最大回撤超过25%',
    test: (facts) => (facts.maxDrawdown ?? 0) > 0.25,
  },
  {
    tag: '业绩落后',
    type: 2,
    rule: '近1年收益居同类后25%',
    test: (facts, context) =>
      facts.returns.y1 !== null &&
      facts.returns.y1 <= (context.quartiles.get(facts.category)?.y1Low ?? -Infinity),
  },
  { tag: '规模偏小', type: 2, rule: '规模不足2亿元', test: (facts) => facts.size < 2e8 },
  { tag: '新成立', type: 2, rule: '成立不满1年', test: (facts) => facts.ageYears < 1 },
  {
    tag: '经理新任',
    type: 2,
    rule: '基金经理任职不满1年',
    test: (facts) => facts.tenureYears !== null && facts.tenureYears < 1,
  },
];

function quartileMark(values: number[], share: number): number {
  if (values.length === 0) return Number.NaN;
  values.sort((a, b) => a - b);
  return values[Math.min(values.length - 1, Math.floor((values.length - 1) * share))] as number;
}

function tagContextOf(facts: readonly FundFacts[]): TagContext {
  const byCategory = new Map<string, { y1: number[]; y3: number[] }>();
  for (const fact of facts) {
    const entry = byCategory.get(fact.category) ?? { y1: [], y3: [] };
    if (fact.returns.y1 !== null) entry.y1.push(fact.returns.y1);
    if (fact.returns.y3 !== null) entry.y3.push(fact.returns.y3);
    byCategory.set(fact.category, entry);
  }
  const quartiles = new Map<string, { y1Low: number; y3High: number }>();
  for (const [category, entry] of byCategory)
    quartiles.set(category, { y1Low: quartileMark(entry.y1, 0.25), y3High: quartileMark(entry.y3, 0.75) });
  return { quartiles };
}

/** The house presets of /chooseFund (recommend): conditions as a client would send them. */
const presets: readonly { id: string; name: string; description: string; conditions: FundConditionSet }[] = [
  {
    id: 'long-term-winners',
    name: '长期绩优',
    description: '成立满3年、近3年收益超过10%、知财评级四星及以上的基金',
    conditions: {
      seqFlags: 'RET_Y3,FUND_AGE,RATING',
      RET_Y3_left: 10,
      RET_Y3_right: 'Infinity',
      FUND_AGE_left: 3,
      FUND_AGE_right: 'Infinity',
      RATING_left: 4,
      RATING_right: 5,
    },
  },
  {
    id: 'low-drawdown-bonds',
    name: '低回撤债基',
    description: '近1年最大回撤不超过5%、近1年收益为正的债券型基金',
    conditions: {
      seqFlags: 'FUND_TYPE,MAX_DRAWDOWN,RET_Y1',
      FUND_TYPE: '债券型',
      MAX_DRAWDOWN_left: 0,
      MAX_DRAWDOWN_right: 5,
      RET_Y1_left: 0,
      RET_Y1_right: 'Infinity',
    },
  },
  {
    id: 'veteran-managers',
    name: '老将掌舵',
    description: '基金经理任职满5年、规模10亿元以上的基金',
    conditions: {
      seqFlags: 'MANAGER_TENURE,FUND_SIZE',
      MANAGER_TENURE_left: 5,
      MANAGER_TENURE_right: 'Infinity',
      FUND_SIZE_left: 10,
      FUND_SIZE_right: 'Infinity',
    },
  },
  {
    id: 'top-rated',
    name: '五星好基',
    description: '知财评级五星、近1年收益为正的基金',
    conditions: {
      seqFlags: 'RATING,RET_Y1',
      RATING_left: 5,
      RATING_right: 5,
      RET_Y1_left: 0,
      RET_Y1_right: 'Infinity',
    },
  },
  {
    id: 'cheap-and-steady',
    name: '低费稳健',
    description: '管理费不超过0.5%、近1年波动率不超过10%的基金',
    conditions: {
      seqFlags: 'FEE_MANAGE,VOLATILITY',
      FEE_MANAGE_left: 0,
      FEE_MANAGE_right: 0.5,
      VOLATILITY_left: 0,
      VOLATILITY_right: 10,
    },
  },
];

export function createFundScreenService({ market, db, logger }: FundScreenDeps) {
  const repository = createFundScreenRepository(db);
  const store = createScreenDayStore(db);
  const codes = screenedFunds(market).map((fund) => fund.code);
  let current: { table: FundScreenTable; tags: string[][] } | null = null;
  let building: { day: number; promise: Promise<{ table: FundScreenTable; tags: string[][] }> } | null = null;

  /**
   * The table of the newest NAV day: computed once when the day moves (after a close writes the
   * day's NAVs) and shared by every call until the next; concurrent first calls wait for one build.
   */
  async function state(): Promise<{ table: FundScreenTable; tags: string[][] }> {
    const day = navDayOf(market, codes);
    if (current && current.table.day === day) return current;
    if (!building || building.day !== day) {
      const startedAt = performance.now();
      const cpuAt = process.cpuUsage();
      const promise = storedFundScreenTable(market, repository, store, day, { signal: closing.signal }).then(
        ({ table, loaded }) => {
          const context = tagContextOf(table.facts);
          const tags = table.facts.map((facts) =>
            tagRules.filter((rule) => rule.test(facts, context)).map((rule) => rule.tag),
          );
          current = { table, tags };
          const cpu = process.cpuUsage(cpuAt);
          logger?.info(
            {
              funds: table.funds.length,
              cpuMs: Math.round((cpu.user + cpu.system) / 1000),
              wallMs: Math.round(performance.now() - startedAt),
            },
            loaded ? 'fund screen table loaded' : 'fund screen table built',
          );
          return current;
        },
      );
      building = { day, promise };
      promise.catch(() => {
        if (building?.promise === promise) building = null;
      });
    }
    return building.promise;
  }

  async function table(): Promise<FundScreenTable> {
    return (await state()).table;
  }

  let timer: ReturnType<typeof setInterval> | null = null;
  /** Aborted when the app closes: a build under way stops between batches. */
  const closing = new AbortController();

  function numOf(screen: FundScreenTable, set: FundConditionSet): number {
    return matchingRows(screen, parseConditions(set)).length;
  }

  return {
    /**
     * Builds the table in the background from now on: at once, and whenever a check every
     * `intervalMs` finds the NAV day moved (after a close writes the day's NAVs), so a request
     * rarely waits for a build.
     */
    follow(intervalMs: number): void {
      if (timer) return;
      const build = () => void state().catch(() => {});
      build();
      timer = setInterval(() => {
        if (current?.table.day !== navDayOf(market, codes)) build();
      }, intervalMs);
      timer.unref();
    },
    /** Stops following (the app closes), once a build under way has finished with the database. */
    async unfollow(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      closing.abort();
      await building?.promise.catch(() => {});
    },
    /** The codes of the funds a condition set matches, in screen order (code order). */
    async matchingCodes(set: FundConditionSet): Promise<string[]> {
      const screen = await table();
      return matchingRows(screen, parseConditions(set))
        .map((row) => (screen.funds[row] as { code: string }).code)
        .sort();
    },

    /**
     * Per code, each condition's value for a result row in `flags` order: a range's figure, an
     * options condition's label (债券型, the company); null where none. The conditions are not
     * needed: a fund holds one option of each.
     */
    async values(
      _conditions: Readonly<Record<string, unknown>>,
      flags: readonly string[],
      codes: readonly string[],
    ): Promise<Map<string, (number | string | null)[]>> {
      const screen = await table();
      const rows = new Map(screen.funds.map((fund, row) => [fund.code, row]));
      return new Map(
        codes.map((code) => {
          const row = rows.get(code);
          return [
            code,
            flags.map((flag) => {
              if (row === undefined) return null;
              const label = screen.labels.get(flag)?.[row];
              if (label !== undefined) return label || null;
              const value = screen.numbers.get(flag)?.[row];
              return value === undefined || Number.isNaN(value) ? null : value;
            }),
          ];
        }),
      );
    },

    /** A condition's column title with its unit, e.g. 最大回撤(%). */
    title(flag: string): string {
      const definition = fundConditionsByFlag.get(flag);
      if (!definition) return flag;
      return definition.kind === 'range' && definition.unit
        ? `${definition.name}(${definition.unit})`
        : definition.name;
    },

    async catalogue(): Promise<Datas<'fundListSelectInfo'>> {
      const screen = await table();
      return {
        asOf: screen.day,
        total: screen.funds.length,
        groups: fundGroups.map((group) => ({
          key: group.key,
          name: group.name,
          conditions: fundConditions
            .filter((condition) => condition.group === group.key)
            .flatMap((condition) => screen.catalogue.get(condition.flag) ?? []),
        })),
      };
    },

    async range(flag: string): Promise<Datas<'fundRange'>> {
      const entry = (await table()).catalogue.get(flag.trim().toUpperCase());
      if (!entry) throw invalid(`没有名为 ${flag.slice(0, 40)} 的选基条件`);
      return entry;
    },

    async commentTags(type: 1 | 2 | undefined): Promise<Datas<'fundListCommentTags'>> {
      const { tags } = await state();
      const counts = new Map<string, number>();
      for (const row of tags) for (const tag of row) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      return {
        list: tagRules
          .filter((rule) => type === undefined || rule.type === type)
          .map((rule) => ({
            tag: rule.tag,
            type: rule.type,
            rule: rule.rule,
            count: counts.get(rule.tag) ?? 0,
          })),
      };
    },

    async recommend(): Promise<Datas<'fundRecommend'>> {
      const screen = await table();
      return { list: presets.map((preset) => ({ ...preset, num: numOf(screen, preset.conditions) })) };
    },

    async num(set: FundConditionSet): Promise<Datas<'fundNum'>> {
      const screen = await table();
      return { num: numOf(screen, set), total: screen.funds.length };
    },

    async conditionAdjust(set: FundConditionSet): Promise<Datas<'fundConditionAdjust'>> {
      const screen = await table();
      const conditions = parseConditions(set);
      const { failed, masks } = failures(screen, conditions);
      let num = 0;
      const without = conditions.map(() => 0);
      for (let row = 0; row < failed.length; row += 1) {
        if (failed[row] === 0) num += 1;
        else if (failed[row] === 1) {
          // The one condition this row fails: without it the row would match.
          const index = masks.findIndex((mask) => !mask[row]);
          without[index] = (without[index] ?? 0) + 1;
        }
      }
      return {
        num,
        conditions: conditions.map((condition, index) => ({
          flag: condition.flag,
          name: fundConditionsByFlag.get(condition.flag)?.name ?? condition.flag,
          numWithout: num + (without[index] ?? 0),
        })),
      };
    },

    async select(
      set: FundConditionSet & {
        sortFlag?: string | undefined;
        order: 'desc' | 'asc';
        page: number;
        size: number;
      },
    ): Promise<Datas<'fundSelect'>> {
      const { table: screen, tags } = await state();
      const conditions = parseConditions(set);
      const chosenRange = conditions.find((condition) => condition.kind === 'range')?.flag;
      const sortFlag = (set.sortFlag?.trim().toUpperCase() || chosenRange) ?? 'RET_Y1';
      const sortDefinition = fundConditionsByFlag.get(sortFlag);
      if (sortDefinition?.kind !== 'range') throw invalid(`不能按 ${sortFlag.slice(0, 40)} 排序`);
      const flags = conditions.map((condition) => condition.flag);
      if (!flags.includes(sortFlag)) flags.push(sortFlag);
      const sortColumn = screen.numbers.get(sortFlag) as Float64Array;
      const direction = set.order === 'asc' ? 1 : -1;
      const only = typeof set.code === 'string' ? set.code.trim() : '';
      const rows = matchingRows(screen, conditions)
        .filter((row) => !only || screen.funds[row]?.code === only)
        .sort((a, b) => {
          const x = sortColumn[a] as number;
          const y = sortColumn[b] as number;
          // Funds without the figure go last either way; ties keep code order.
          if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? a - b : 1) : -1;
          return x === y ? a - b : (x - y) * direction;
        });
      const offset = (set.page - 1) * set.size;
      return {
        total: rows.length,
        asOf: screen.day,
        columns: flags.map((flag) => {
          const entry = screen.catalogue.get(flag);
          return { flag, name: entry?.name ?? flag, unit: entry?.unit ?? '', decimals: entry?.decimals ?? 0 };
        }),
        list: rows.slice(offset, offset + set.size).map((row) => {
          const fund = screen.funds[row];
          const facts = screen.facts[row];
          if (!fund || !facts) throw new Error(`row ${row} is outside the fund screen table`);
          return {
            code: fund.code,
            name: fund.name,
            type: fund.type,
            category: facts.category,
            company: facts.company,
            values: flags.map((flag) => {
              const labels = screen.labels.get(flag);
              if (labels) return labels[row] ?? null;
              const value = screen.numbers.get(flag)?.[row];
              return value === undefined || Number.isNaN(value) ? null : value;
            }),
            tags: tags[row] ?? [],
          };
        }),
      };
    },
  };
}

export type FundScreenService = ReturnType<typeof createFundScreenService>;

const services = new WeakMap<Market, FundScreenService>();

/** The fund screen of a market: one per market, so every caller shares its table. */
export function fundScreenOf(deps: FundScreenDeps): FundScreenService {
  let service = services.get(deps.market);
  if (!service) {
    service = createFundScreenService(deps);
    services.set(deps.market, service);
  }
  return service;
}

/**
 * Re-runs a fund condition set (as saved by a fund strategy: the request body of fundSelect/num) on
 * the market's current table and answers the matching fund codes, in code order. Throws the
 * catalogue's 400 AppError for a set naming an unknown condition or an unreadable bound.
 */
export function runFundScreen(deps: FundScreenDeps, conditions: FundConditionSet): Promise<string[]> {
  return fundScreenOf(deps).matchingCodes(conditions);
}
