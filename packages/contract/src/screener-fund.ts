import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { dayNumber, instrumentTypeSchema } from './instrument.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Fund screening (issue 18 item 3; spec 2 §7.3 "Fund variants under /api/v2/fundSelect/*"): the fund
 * condition catalogue and the screens, in the stock screen's request shape (reference/protocol.md
 * `select/select`): `seqFlags` names the chosen conditions in order, a range condition is bounded by
 * `<FLAG>_left` / `<FLAG>_right` (the open bound is the string "Infinity", or "-Infinity" below), an
 * option condition lists its values in `<FLAG>` ("债券型,混合型"). Bounds and row values are in the
 * condition's catalogue unit (a return of 12.5 is 12.5%, a size of 20 is 20 亿元).
 */

/** A bound as the protocol sends it: a number, a numeric string, or "Infinity" / "-Infinity" (open). */
const bound = lazySchema(() => z.union([z.number(), z.string().max(40)]));

/**
 * The conditions of a fund screen. Besides the named fields, each chosen flag brings its own keys
 * (`RET_Y1_left`, `FUND_TYPE`…), which the catchall carries; the server refuses unknown flags and
 * unreadable bounds with 400.
 */
export const fundConditionSet = lazySchema(() =>
  z
    .object({
      /** The chosen condition flags in order, comma-separated (RET_Y1,MAX_DRAWDOWN). */
      seqFlags: z.string().max(600, '条件过多').default(''),
    })
    .catchall(bound),
);
export type FundConditionSet = z.infer<typeof fundConditionSet>;

const fundScreenBody = lazySchema(() =>
  fundConditionSet.extend({
    /** The flag the rows are sorted by; the first chosen range condition when left out. */
    sortFlag: z.string().max(40).optional(),
    order: z.enum(['desc', 'asc']).default('desc'),
    /** One fund's row only (入选明细): answered when that fund matches, an empty list when not. */
    code: z.string().max(20).optional(),
    page: z.coerce.number().int().min(1, '页码从 1 开始').max(10_000).default(1),
    size: z.coerce.number().int().min(1).max(100, '每页最多 100 条').default(20),
  }),
);

/** One bucket of a condition's distribution: how many funds have a value in [left, right). */
const bucket = lazySchema(() => z.object({ left: z.number(), right: z.number(), count: z.number().int() }));

const conditionOption = lazySchema(() =>
  z.object({ value: z.string(), label: z.string(), count: z.number().int() }),
);

/** One condition of the catalogue with its unit, its range and its distribution over all funds. */
export const fundCondition = lazySchema(() =>
  z.object({
    flag: z.string(),
    name: z.string(),
    /** The catalogue group's key (basic, return, risk, fee, rating). */
    group: z.string(),
    /** range: bounded by `_left`/`_right`; options: one or more of `options`. */
    kind: z.enum(['range', 'options']),
    /** %, 亿元, 年, 星… ('' for a plain figure such as the Sharpe ratio). */
    unit: z.string(),
    decimals: z.number().int(),
    /** How the figure is computed, shown under the slider. */
    description: z.string(),
    /** The smallest and largest value among the funds that have one (null for an options condition). */
    min: z.number().nullable(),
    max: z.number().nullable(),
    /** Funds with a value (a fund too young for a period has none). */
    count: z.number().int(),
    /** 20 equal buckets from the 1st to the 99th percentile; the outer ones take the tails. */
    distribution: z.array(bucket),
    options: z.array(conditionOption),
  }),
);
export type FundCondition = z.infer<typeof fundCondition>;

const fundCatalogue = lazySchema(() =>
  z.object({
    /** The NAV day the catalogue was computed for, YYYYMMDD. */
    asOf: dayNumber,
    /** Funds screened: off-exchange funds and LOFs. */
    total: z.number().int(),
    groups: z.array(z.object({ key: z.string(), name: z.string(), conditions: z.array(fundCondition) })),
  }),
);

/** A tag a fund earns from its figures (长期绩优, 回撤较大…), with the rule that gives it. */
const commentTag = lazySchema(() =>
  z.object({
    tag: z.string(),
    /** 1 highlight (亮点), 2 risk (风险). */
    type: z.union([z.literal(1), z.literal(2)]),
    rule: z.string(),
    count: z.number().int(),
  }),
);

const fundRow = lazySchema(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    type: instrumentTypeSchema,
    category: z.string(),
    company: z.string(),
    /** The values of `columns`, in the catalogue unit (an option condition's value as its label). */
    values: z.array(z.union([z.number(), z.string()]).nullable()),
    tags: z.array(z.string()),
  }),
);

const column = lazySchema(() =>
  z.object({ flag: z.string(), name: z.string(), unit: z.string(), decimals: z.number().int() }),
);

export const screenerFundEndpoints = {
  fundListSelectInfo: defineEndpoint({
    method: 'GET',
    path: '/api/v2/fundSelect/listSelectInfo',
    auth: 'none',
    summary: '选基条件目录：分组、单位、范围与分布（每个收盘后计算一次）',
    datas: () => fundCatalogue,
  }),
  fundRange: defineEndpoint({
    method: 'GET',
    path: '/api/v2/fundSelect/range',
    auth: 'none',
    summary: '一个选基条件的范围与分布',
    query: () => z.object({ flag: z.string().min(1, '缺少条件').max(40) }),
    datas: () => fundCondition,
  }),
  fundListCommentTags: defineEndpoint({
    method: 'GET',
    path: '/api/v2/fundSelect/listCommentTags',
    auth: 'none',
    summary: '基金亮点与风险标签（type=1 亮点，2 风险，不给为全部）及其规则',
    query: () => z.object({ type: z.coerce.number().int().min(1).max(2).optional() }),
    datas: () => z.object({ list: z.array(commentTag) }),
  }),
  fundRecommend: defineEndpoint({
    method: 'GET',
    path: '/api/v2/fundSelect/recommend',
    auth: 'none',
    summary: '推荐选基方案（长期绩优、低回撤债基…）及其当前只数',
    datas: () =>
      z.object({
        list: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            description: z.string(),
            conditions: fundConditionSet,
            num: z.number().int(),
          }),
        ),
      }),
  }),
  fundNum: defineEndpoint({
    method: 'POST',
    path: '/api/v2/fundSelect/num',
    auth: 'none',
    summary: '选基条件下的基金只数（拖动范围时实时计数）',
    body: () => fundConditionSet,
    datas: () => z.object({ num: z.number().int(), total: z.number().int() }),
  }),
  fundConditionAdjust: defineEndpoint({
    method: 'POST',
    path: '/api/v2/fundSelect/conditionAdjust',
    auth: 'none',
    summary: '逐条放宽：去掉每个条件后的只数，看哪个条件最严',
    body: () => fundConditionSet,
    datas: () =>
      z.object({
        num: z.number().int(),
        conditions: z.array(z.object({ flag: z.string(), name: z.string(), numWithout: z.number().int() })),
      }),
  }),
  fundSelect: defineEndpoint({
    method: 'POST',
    path: '/api/v2/fundSelect/select',
    auth: 'none',
    summary: '选基结果：按条件筛选、排序、分页，每行带所选条件的取值',
    body: () => fundScreenBody,
    datas: () =>
      z.object({
        total: z.number().int(),
        asOf: dayNumber,
        columns: z.array(column),
        list: z.array(fundRow),
      }),
  }),
};
