import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { dayNumber, instrumentCode } from './instrument.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Saved strategies, what changed in them, and the stock diagnosis (issue 18 items 4–6; spec 2 §7.3
 * "Selection strategies", reference/protocol.md). The model:
 * - a strategy is a named condition set in the protocol's select body shape (`seqFlags`,
 *   `<FLAG>_left` / `<FLAG>_right` bounds with `"Infinity"` as an open upper bound, a choice's
 *   options under its lower-case flag as `plates` and `basic_st` are), of kind `stock` or `fund`;
 * - house strategies (官方策略: 低估值高股息, 业绩高增长, 均线多头 …) ship as data and belong to
 *   nobody; a user's own strategies (我的策略) are at most STRATEGY_LIMIT of each kind, refused with
 *   037 and a message saying so; another user's strategy answers 404 as an unknown one does;
 * - after each close every strategy is run again; the codes that entered and left its results are
 *   stored with that day, and a strategy whose latest change the user has not seen carries a red point.
 */

export const STRATEGY_LIMIT = 20;

export const strategyKinds = ['stock', 'fund'] as const;
export const strategyKind = lazySchema(() => z.enum(strategyKinds));
export type StrategyKind = z.infer<typeof strategyKind>;

/** A strategy id as a query, path or body carries it. */
export const strategyId = lazySchema(() => z.coerce.number().int().min(1).max(2_147_483_647));

const strategyName = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1, '请输入策略名称')
    .max(16, '策略名称最多 16 个字')
    .refine((name) => !/\p{Cc}/u.test(name), '策略名称不能含控制字符'),
);

/** A condition code: upper-case letters, digits and underscores (PE_TTM, SCORE_VALUE). */
export const conditionFlag = lazySchema(() =>
  z.string().regex(/^[A-Z][A-Z0-9_]{0,39}$/, '条件代码应为大写字母、数字与下划线'),
);

/** A bound: a number, or the string "Infinity" for an open upper bound (and "-Infinity" below). */
export const conditionBound = lazySchema(() =>
  z.union([z.number().finite(), z.literal('Infinity'), z.literal('-Infinity')]),
);

const boundKey = /^([A-Z][A-Z0-9_]{0,39})_(left|right)$/;
const optionsKey = /^[a-z][a-z0-9_]{0,39}$/;
const MAX_CONDITIONS = 20;

/**
 * A choice's options as stored: values separated by commas ("801125.ZSI", "债券型,混合型"), each
 * without control characters, as `plates: "1,2"` lists the boards.
 */
const optionList = lazySchema(() =>
  z
    .string()
    .max(2000)
    .regex(/^[^,\p{Cc}]{1,60}(,[^,\p{Cc}]{1,60}){0,199}$/u, '选项应以逗号分隔'),
);

export type ConditionBound = z.infer<typeof conditionBound>;

/**
 * A condition set as `select/select` takes it (reference/protocol.md): the ordered flags, each
 * range or flag condition's bounds (`<FLAG>_left` / `<FLAG>_right`), and each choice's options under
 * its flag in lower case, as the protocol spells `plates: "1,2"` (boards) and `basic_st: 1` (ST
 * left out): `sw_l2: "801125.ZSI"`, `fund_type: "债券型,混合型"`. Flags without bounds or options
 * (a yes/no technical condition) are kept as given. Sets saved before choices were stored hold
 * only bounds, `plates` and `basic_st`, and read the same.
 */
export interface StrategyConditions {
  seqFlags: string[];
  plates?: string | undefined;
  basic_st?: 0 | 1 | string | undefined;
  [bound: `${string}_left` | `${string}_right`]: ConditionBound | undefined;
  /** A choice's options, under its flag in lower case. */
  [options: Lowercase<string>]: string | number | undefined;
}

const conditionObject = lazySchema(() =>
  z
    .object({
      seqFlags: z.array(conditionFlag).min(1, '请至少选择一个条件').max(MAX_CONDITIONS),
      plates: z
        .string()
        .regex(/^\d{1,2}(,\d{1,2}){0,9}$/, '板块格式应为 1,2')
        .optional(),
      // 1 (the protocol's "leave ST out"), or the options as the editor lists them ("1" or "2").
      basic_st: z.union([z.literal(0), z.literal(1), optionList]).optional(),
    })
    .catchall(z.union([conditionBound, optionList]))
    .superRefine((conditions, context) => {
      const flags = new Set(conditions.seqFlags);
      if (flags.size !== conditions.seqFlags.length) {
        context.addIssue({ code: 'custom', message: '条件不能重复', path: ['seqFlags'] });
      }
      for (const [key, value] of Object.entries(conditions)) {
        if (key === 'seqFlags' || key === 'plates' || key === 'basic_st') continue;
        const boundFlag = boundKey.exec(key)?.[1];
        const flag = boundFlag ?? (optionsKey.test(key) ? key.toUpperCase() : undefined);
        if (!flag || !flags.has(flag)) {
          context.addIssue({ code: 'custom', message: `条件 ${key} 不在所选条件中`, path: [key] });
        } else if (boundFlag !== undefined && !conditionBound.safeParse(value).success) {
          context.addIssue({ code: 'custom', message: `条件 ${key} 应为数字或 Infinity`, path: [key] });
        } else if (boundFlag === undefined && !optionList.safeParse(value).success) {
          context.addIssue({ code: 'custom', message: `条件 ${key} 应为以逗号分隔的选项`, path: [key] });
        }
      }
      for (const flag of flags) {
        const left = conditions[`${flag}_left`];
        const right = conditions[`${flag}_right`];
        if (typeof left === 'number' && typeof right === 'number' && left > right) {
          context.addIssue({
            code: 'custom',
            message: `条件 ${flag} 的下限大于上限`,
            path: [`${flag}_left`],
          });
        }
      }
    }),
);
// The catchall types every extra key as a bound or an option list; superRefine above checks which
// one each key is, which is what the interface's two index signatures say.
export const strategyConditions = lazySchema(
  () => conditionObject as unknown as z.ZodType<StrategyConditions>,
);

/** A strategy as the lists show it. */
export const strategySummary = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    kind: strategyKind,
    /** A house strategy (官方策略) belongs to nobody and cannot be changed; copy it to change it. */
    house: z.boolean(),
    /** One line on what it looks for (house strategies), empty for the user's own. */
    description: z.string(),
    conditions: strategyConditions,
    /** How many codes matched at the latest run; null before its first run. */
    count: z.number().int().nullable(),
    /** The day of that run, YYYYMMDD. */
    runDay: dayNumber.nullable(),
    /** Entries and exits of the latest change day. */
    entries: z.number().int(),
    exits: z.number().int(),
    /** The latest day its results changed, YYYYMMDD. */
    changedDay: dayNumber.nullable(),
    /** Whether that change is one the user has not seen yet (红点). */
    redPoint: z.boolean(),
    updateTime: z.string(),
  }),
);
export type StrategySummary = z.infer<typeof strategySummary>;

/** A row of `info/{id}`: [code.EX, name, "YYYY/MM/DD" (in the results since), …condition values]. */
export const strategyRow = lazySchema(() => z.array(z.union([z.string(), z.number(), z.null()])));

export const strategyInfo = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    kind: strategyKind,
    house: z.boolean(),
    conditions: strategyConditions,
    /** Column titles of the rows: 代码, 名称, 入选日期, then one per bounded condition flag. */
    columns: z.array(z.string()),
    list: z.array(strategyRow),
    runDay: dayNumber.nullable(),
  }),
);
export type StrategyInfo = z.infer<typeof strategyInfo>;

const instrumentName = lazySchema(() => z.object({ code: z.string(), name: z.string() }));

/** One day's change of one strategy. */
export const strategyChange = lazySchema(() =>
  z.object({
    strategyId: z.number().int(),
    strategyName: z.string(),
    kind: strategyKind,
    day: dayNumber,
    entries: z.array(instrumentName),
    exits: z.array(instrumentName),
  }),
);
export type StrategyChange = z.infer<typeof strategyChange>;

/** `fund/userSelectStrategy/list?type=`: 1 the user's own strategies (spec 1 §9: the default), 2 the house ones. */
export const fundStrategyListType = lazySchema(() => z.coerce.number().int().min(1).max(2).default(1));

const idBody = lazySchema(() => z.object({ id: strategyId }));
const idParams = lazySchema(() => z.object({ id: strategyId }));
const mutation = lazySchema(() => z.object({ id: z.number().int() }));

/** The saved-strategy calls of one kind, under its prefix (stock and fund answer alike). */
function strategyCalls<const Prefix extends string>(prefix: Prefix, label: string) {
  return {
    list_v2: defineEndpoint({
      method: 'GET',
      path: `${prefix}/list_v2`,
      auth: 'optional',
      summary: `官方${label}策略`,
      datas: () => z.array(strategySummary),
    }),
    list_v3: defineEndpoint({
      method: 'GET',
      path: `${prefix}/list_v3`,
      auth: 'optional',
      summary: `官方与我的${label}策略：今日入选数、变化与红点`,
      datas: () => z.object({ house: z.array(strategySummary), mine: z.array(strategySummary) }),
    }),
    add: defineEndpoint({
      method: 'POST',
      path: `${prefix}/add`,
      auth: 'required',
      summary: `保存${label}策略`,
      body: () => z.object({ name: strategyName, conditions: strategyConditions }),
      datas: () => mutation,
    }),
    del: defineEndpoint({
      method: 'POST',
      path: `${prefix}/del`,
      auth: 'required',
      summary: `删除${label}策略`,
      body: () => idBody,
      datas: () => mutation,
    }),
    rename: defineEndpoint({
      method: 'POST',
      path: `${prefix}/rename`,
      auth: 'required',
      summary: `重命名${label}策略`,
      body: () => z.object({ id: strategyId, name: strategyName }),
      datas: () => mutation,
    }),
    updateCondition: defineEndpoint({
      method: 'POST',
      path: `${prefix}/updateCondition/:id`,
      auth: 'required',
      summary: `修改${label}策略的条件`,
      params: () => idParams,
      body: () => z.object({ conditions: strategyConditions }),
      datas: () => mutation,
    }),
    info: defineEndpoint({
      method: 'GET',
      path: `${prefix}/info/:id`,
      auth: 'optional',
      summary: `${label}策略的入选结果`,
      params: () => idParams,
      datas: () => strategyInfo,
    }),
    copyStrategy: defineEndpoint({
      method: 'POST',
      path: `${prefix}/copyStrategy`,
      auth: 'required',
      summary: `复制${label}策略（官方策略复制到我的策略）`,
      body: () => z.object({ id: strategyId, name: strategyName.optional() }),
      datas: () => mutation,
    }),
  };
}

const stockCalls = strategyCalls('/api/v2/userSelectStrategy', '选股');
const fundCalls = strategyCalls('/api/v2/fund/userSelectStrategy', '选基');

export const screenerStrategyEndpoints = {
  strategyList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/userSelectStrategy/list',
    auth: 'required',
    summary: '我的选股策略',
    datas: () => z.array(strategySummary),
  }),
  strategyListV2: stockCalls.list_v2,
  strategyListV3: stockCalls.list_v3,
  strategyAdd: stockCalls.add,
  strategyDel: stockCalls.del,
  strategyRename: stockCalls.rename,
  strategyUpdateCondition: stockCalls.updateCondition,
  strategyInfo: stockCalls.info,
  strategyCopy: stockCalls.copyStrategy,
  fundStrategyList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/fund/userSelectStrategy/list',
    auth: 'optional',
    summary: '选基策略：type=1 我的策略（默认），2 官方策略',
    query: () => z.object({ type: fundStrategyListType }),
    datas: () => z.array(strategySummary),
  }),
  fundStrategyListV2: fundCalls.list_v2,
  fundStrategyListV3: fundCalls.list_v3,
  fundStrategyAdd: fundCalls.add,
  fundStrategyDel: fundCalls.del,
  fundStrategyRename: fundCalls.rename,
  fundStrategyUpdateCondition: fundCalls.updateCondition,
  fundStrategyInfo: fundCalls.info,
  fundStrategyCopy: fundCalls.copyStrategy,

  strategyChanges: defineEndpoint({
    method: 'GET',
    path: '/api/v3/stockP/list',
    auth: 'optional',
    summary: '策略变化：每个收盘后各策略新入选与移出的代码（可按策略筛选）',
    query: () =>
      z.object({
        id: strategyId.optional(),
        limit: z.coerce.number().int().min(1).max(60).default(20),
      }),
    datas: () => z.array(strategyChange),
  }),
  strategyRedPoint: defineEndpoint({
    method: 'GET',
    path: '/api/v3/stockP/redPoint',
    auth: 'optional',
    summary: '策略红点：结果有未读变化的策略',
    datas: () => z.object({ ids: z.array(z.number().int()), count: z.number().int() }),
  }),
  strategyRemoveRedPoint: defineEndpoint({
    method: 'POST',
    path: '/api/v3/stockP/removeRedPoint',
    auth: 'required',
    summary: '清除策略红点（看过变化）；不带 id 清除全部',
    body: () => z.object({ id: strategyId.optional() }),
    datas: () => z.object({ removed: z.number().int() }),
  }),
  strategyVersion: defineEndpoint({
    method: 'GET',
    path: '/api/v3/stockP/version',
    auth: 'none',
    summary: '策略结果的版本：最近一次收盘后重算的交易日',
    datas: () => z.object({ version: z.number().int(), day: dayNumber.nullable() }),
  }),
  stockStrategysDetail: defineEndpoint({
    method: 'GET',
    path: '/api/v3/stockP/stockStrategysDetail',
    auth: 'optional',
    summary: '个股所属策略：哪些策略选中它、自何日起、最近的变化',
    query: () => z.object({ code: instrumentCode }),
    datas: () =>
      z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          house: z.boolean(),
          /** In the strategy's results since YYYYMMDD. */
          since: dayNumber,
          /** The strategy's latest change day and what it was. */
          changedDay: dayNumber.nullable(),
          entries: z.number().int(),
          exits: z.number().int(),
        }),
      ),
  }),

  vipData: defineEndpoint({
    method: 'POST',
    path: '/api/v3/details/vipData',
    auth: 'none',
    summary: '个股诊断：公司、趋势、估值三项评分（0–10）与亮点、风险',
    body: () => z.object({ code: instrumentCode }),
    datas: () =>
      z.object({
        score1: z.object({
          scoreCompany: z.number().min(0).max(10),
          scoreTrend: z.number().min(0).max(10),
          scoreValue: z.number().min(0).max(10),
        }),
        comment_new: z.object({
          positive_new: z.array(z.object({ tag: z.string(), value: z.string() })),
          unpositive_new: z.array(z.object({ tag: z.string(), value: z.string() })),
        }),
      }),
  }),
};
