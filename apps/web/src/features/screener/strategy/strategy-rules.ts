import {
  type FundConditionSet,
  href,
  type StrategyConditions,
  type StrategyKind,
  strategyConditions,
} from '@zhicai/contract';
import { encodeConditions } from '../fund/fund-screen-draft.ts';
import { encodeRequest, type ScreenRequest } from '../stock/screen-draft.ts';

/** YYYYMMDD → MM-DD, as the strategy lists date a change. */
export function shortDay(day: number | null): string {
  if (day === null) return '--';
  const text = String(day);
  return `${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

/** The strategy id of a page's `?id=`; null when missing or not a positive integer. */
export function strategyIdOf(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** A score out of 10 as the diagnosis card prints it: one decimal. */
export function scoreText(score: number): string {
  return score.toFixed(1);
}

/**
 * A screen's request (select/select body) as a strategy's conditions: the flags as a list, and every
 * bound and option list as the request carries it (`PE_TTM_left`, `plates: "1,2"`,
 * `sw_l2: "801125.ZSI"`). The contract decides what a strategy may hold; when it refuses, the answer
 * says why, in the words the save shows.
 */
export function strategyConditionsOf(
  request: Readonly<Record<string, unknown>>,
): { ok: true; conditions: StrategyConditions } | { ok: false; reason: string } {
  const { seqFlags, ...rest } = request;
  const flags = (Array.isArray(seqFlags) ? seqFlags.map(String) : String(seqFlags ?? '').split(','))
    .map((flag) => flag.trim())
    .filter(Boolean);
  const candidate: Record<string, unknown> = { seqFlags: flags };
  for (const [key, value] of Object.entries(rest))
    if (value !== undefined && value !== null) candidate[key] = value;
  const parsed = strategyConditions.safeParse(candidate);
  return parsed.success
    ? { ok: true, conditions: parsed.data }
    : { ok: false, reason: parsed.error.issues[0]?.message ?? '条件有误，不能保存' };
}

/** A strategy's conditions as the editor's request (`q=`): the same keys, the flags comma-separated. */
export function requestOfConditions(conditions: StrategyConditions): ScreenRequest {
  return { ...conditions, seqFlags: conditions.seqFlags.join(',') } as ScreenRequest;
}

const boundKey = /_(left|right)$/;

/**
 * A fund screen's condition set as a strategy's conditions: the fund screen names a choice's options
 * under its flag (FUND_TYPE), a strategy under the flag in lower case (fund_type), as for stocks.
 * A choice with nothing picked is no filter, so it is left out.
 */
export function fundStrategyConditionsOf(
  set: Readonly<FundConditionSet>,
): ReturnType<typeof strategyConditionsOf> {
  const request: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(set)) {
    if (key === 'seqFlags' || boundKey.test(key)) request[key] = value;
    else if (value !== '') request[key.toLowerCase()] = value;
  }
  return strategyConditionsOf(request);
}

/** A fund strategy's conditions as the fund screen's condition set (`conditions=` of its pages). */
export function fundConditionSetOf(conditions: StrategyConditions): FundConditionSet {
  const set: FundConditionSet = { seqFlags: conditions.seqFlags.join(',') };
  for (const [key, value] of Object.entries(conditions)) {
    if (key === 'seqFlags' || value === undefined || Array.isArray(value)) continue;
    set[boundKey.test(key) ? key : key.toUpperCase()] = value;
  }
  return set;
}

/** A screen's request of either kind as a strategy's conditions, or why it cannot be saved. */
export function conditionsOfScreen(kind: StrategyKind, request: Readonly<Record<string, unknown>>) {
  return kind === 'stock'
    ? strategyConditionsOf(request)
    : fundStrategyConditionsOf(request as FundConditionSet);
}

/**
 * Where a strategy's results open: a stock strategy's page (/chooseSuper), a fund strategy's
 * conditions run by the fund screen (/componentFundList) under its name.
 */
export function strategyHref(strategy: {
  id: number;
  kind: StrategyKind;
  name: string;
  conditions: StrategyConditions;
}): string {
  return strategy.kind === 'stock'
    ? href('chooseSuper', { id: String(strategy.id) })
    : href('componentFundList', {
        conditions: encodeConditions(fundConditionSetOf(strategy.conditions)),
        name: strategy.name,
      });
}

/** The condition editor of the strategy's kind opened on it: its conditions filled in, saving changes it. */
export function editConditionsHref(
  id: number,
  conditions: StrategyConditions,
  kind: StrategyKind = 'stock',
): string {
  return kind === 'stock'
    ? href('choose-stock-picker', {
        q: encodeRequest(requestOfConditions(conditions)),
        strategy: String(id),
      })
    : href('chooseNewFund', {
        conditions: encodeConditions(fundConditionSetOf(conditions)),
        strategy: String(id),
      });
}
