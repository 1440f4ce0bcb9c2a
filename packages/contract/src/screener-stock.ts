import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { paging } from './instrument.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * The stock screen (issue 18 items 1, 2 and 7; spec 2 §7.3 "Selection strategies"): the condition
 * catalogue computed from the market's own data, the screen in the protocol's request shape
 * (reference/protocol.md `select/select`), its live count, and the market pages' quick screens.
 *
 * Units: every figure of a condition is in its catalogue `unit`. Percent conditions (`%`) are in
 * percentage points (5 = 5%), amounts in yuan (`元`), so a bound typed into the editor is the number
 * the catalogue shows; flags are 0 or 1.
 */

/** The catalogue's groups, in the order the editor shows them (issue 18 item 1). */
export const stockConditionGroups = ['行情', '估值', '财务', '技术', '板块', '评分', '资金'] as const;
export const stockConditionGroup = lazySchema(() => z.enum(stockConditionGroups));
export type StockConditionGroup = z.infer<typeof stockConditionGroup>;

/**
 * - `range`: a number per stock, screened by `<CODE>_left` / `<CODE>_right`;
 * - `flag`: 1 when a stock shows the pattern (a cross, a new high), screened by `<CODE>_left: 1`;
 * - `choice`: one or more options per stock (board, industry, index), screened by `<code>: "a,b"`
 *   (the condition code in lower case, as the protocol's `plates:"1,2"` and `basic_st:1`).
 */
export const stockConditionKind = lazySchema(() => z.enum(['range', 'flag', 'choice']));
export type StockConditionKind = z.infer<typeof stockConditionKind>;

/** One bucket of a condition's distribution: stocks with from ≤ value < to (the last one closed). */
export const histogramBucket = lazySchema(() =>
  z.object({ from: z.number(), to: z.number(), count: z.number().int() }),
);

export const choiceOption = lazySchema(() =>
  z.object({ value: z.string(), label: z.string(), count: z.number().int() }),
);

export const stockCondition = lazySchema(() =>
  z.object({
    /** Protocol flag name, upper case (PLATES, BASIC_ST, PE_TTM, RPS_120…). */
    code: z.string(),
    name: z.string(),
    group: stockConditionGroup,
    kind: stockConditionKind,
    /** `%` (percentage points), `元`, `倍`, `天`, `分` or empty (flags, counts of days…). */
    unit: z.string(),
    /** How the figure is computed, in Chinese, and as of when (live quote or the last close). */
    description: z.string(),
    /** True when the figure moves with the live quote; false when it is computed once per close. */
    live: z.boolean(),
    /** Smallest and largest value over the stocks that have one; null when none has. */
    min: z.number().nullable(),
    max: z.number().nullable(),
    /** Stocks with a value (range/flag) or with any option (choice). */
    count: z.number().int(),
    /** Twenty buckets from the 1st to the 99th percentile; the end buckets take the tails. Empty for choices. */
    histogram: z.array(histogramBucket),
    /** The options of a choice, with the stocks holding each. Empty otherwise. */
    options: z.array(choiceOption),
  }),
);
export type StockCondition = z.infer<typeof stockCondition>;

export const stockConditionCatalogue = lazySchema(() =>
  z.object({
    /** The trading day the figures belong to, and the A-shares screened. */
    tradingDay: z.number().int(),
    universe: z.number().int(),
    groups: z.array(z.object({ group: stockConditionGroup, conditions: z.array(stockCondition) })),
  }),
);

/** An open bound may be sent as the string "Infinity" (protocol.md), or left out. */
const bound = lazySchema(() => z.union([z.number(), z.string().max(40)]));

/**
 * The request of select, num and conditionAdjust as the protocol spells it: `seqFlags` names the
 * chosen conditions in order (a comma-separated string or an array), and each brings its bounds or
 * options under its own keys. Unknown keys are read only when seqFlags names them.
 */
export const stockScreenBody = lazySchema(() =>
  z
    .object({
      seqFlags: z.union([z.string().max(2000), z.array(z.string().max(40)).max(60)]),
      /** A condition code (or `CHG_1D`, `PRICE`…) to sort by; the first chosen range condition by default. */
      sortFlag: z.string().max(40).optional(),
      sortOrder: z.enum(['desc', 'asc']).default('desc'),
      // Plain JSON numbers: a coercing schema's unknown input would not fit beside the catchall's keys.
      page: z.number().int().min(1).max(10_000).default(1),
      size: z.number().int().min(1).max(100).default(20),
    })
    .catchall(z.union([bound, z.null(), z.boolean(), z.array(z.string().max(40)).max(60)])),
);
export type StockScreenBody = z.input<typeof stockScreenBody>;

/** What a screen was asked, as the server read it: the bounds echoed so a row can say why it matched. */
export const screenCriterion = lazySchema(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    kind: stockConditionKind,
    unit: z.string(),
    /** Range and flag bounds; null = open. */
    left: z.number().nullable(),
    right: z.number().nullable(),
    /** A choice's chosen options (values) and their labels. */
    options: z.array(choiceOption.omit({ count: true })),
  }),
);
export type ScreenCriterion = z.infer<typeof screenCriterion>;

export const screenRow = lazySchema(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    price: z.number().nullable(),
    /** The day's change as a fraction, as every quote carries it. */
    chgPct: z.number().nullable(),
    /** In the order of `criteria`: the stock's figure (range, flag) or its matching option labels (choice). */
    values: z.array(z.union([z.number(), z.string(), z.null()])),
  }),
);
export type ScreenRow = z.infer<typeof screenRow>;

export const screenPage = lazySchema(() =>
  z.object({
    tradingDay: z.number().int(),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    sortFlag: z.string(),
    sortOrder: z.enum(['desc', 'asc']),
    criteria: z.array(screenCriterion),
    list: z.array(screenRow),
  }),
);
export type ScreenPage = z.infer<typeof screenPage>;

/** A named screen: the editor's presets, the recommended screens and the market pages' quick screens. */
export const screenPreset = lazySchema(() =>
  z.object({
    id: z.string(),
    tag: z.string(),
    description: z.string(),
    group: stockConditionGroup,
    /** The request that screens it, as select takes it. */
    request: z.record(z.string(), z.union([z.string(), z.number()])),
    /** Stocks matching it now. */
    count: z.number().int(),
  }),
);
export type ScreenPreset = z.infer<typeof screenPreset>;

export const stockScreenEndpoints = {
  listSelectInfo: defineEndpoint({
    method: 'GET',
    path: '/api/v2/select/listSelectInfo',
    auth: 'none',
    summary: '选股条件目录：按行情、估值、财务、技术、板块分组，含单位、范围与当前分布',
    datas: () => stockConditionCatalogue,
  }),
  range: defineEndpoint({
    method: 'GET',
    path: '/api/v2/select/range',
    auth: 'none',
    summary: '单个选股条件的当前范围与分布',
    query: () => z.object({ code: z.string().trim().toUpperCase().min(1, '请指定条件').max(40) }),
    datas: () => stockCondition,
  }),
  listCommentTags: defineEndpoint({
    method: 'GET',
    path: '/api/v2/select/listCommentTags',
    auth: 'none',
    summary: '选股预设标签（低估值、高成长、强势股等），按条件分组筛选，含当前只数',
    query: () => z.object({ type: stockConditionGroup.optional() }),
    datas: () => z.array(screenPreset),
  }),
  select: defineEndpoint({
    method: 'POST',
    path: '/api/v2/select/select',
    auth: 'optional',
    summary: '条件选股：按 seqFlags 与各条件上下限筛选 A 股，排序分页，每行带所选条件的数值',
    body: () => stockScreenBody,
    datas: () => screenPage,
  }),
  num: defineEndpoint({
    method: 'POST',
    path: '/api/v2/select/num',
    auth: 'optional',
    summary: '条件选股的实时只数（拖动滑块时调用）',
    body: () => stockScreenBody,
    datas: () => z.object({ total: z.number().int(), universe: z.number().int() }),
  }),
  conditionAdjust: defineEndpoint({
    method: 'POST',
    path: '/api/v2/select/conditionAdjust',
    auth: 'optional',
    summary: '条件调整建议：去掉每个条件后的只数，以及每个条件单独满足的只数',
    body: () => stockScreenBody,
    datas: () =>
      z.object({
        total: z.number().int(),
        conditions: z.array(
          z.object({
            code: z.string(),
            name: z.string(),
            /** Stocks matching every other condition (what dropping this one gives). */
            withoutIt: z.number().int(),
            /** Stocks matching this condition alone. */
            alone: z.number().int(),
          }),
        ),
      }),
  }),
  recommend: defineEndpoint({
    method: 'GET',
    path: '/api/v2/select/recommend',
    auth: 'none',
    summary: '推荐选股条件组合，含当前只数',
    datas: () => z.array(screenPreset),
  }),
  capitalScreen: defineEndpoint({
    method: 'GET',
    path: '/api/v2/capital/screen',
    auth: 'none',
    summary: '行情页快捷选股：按预设（如创60日新高、低市盈率）列出股票',
    query: () => z.object({ id: z.string().trim().min(1, '请指定预设').max(40), ...paging }),
    datas: () => screenPage,
  }),
  capitalScreenNum: defineEndpoint({
    method: 'GET',
    path: '/api/v2/capital/screen/num',
    auth: 'none',
    summary: '行情页快捷选股的只数',
    query: () => z.object({ id: z.string().trim().min(1, '请指定预设').max(40) }),
    datas: () => z.object({ total: z.number().int(), universe: z.number().int() }),
  }),
};
