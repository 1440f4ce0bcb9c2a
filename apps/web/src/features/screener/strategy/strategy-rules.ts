import { href, type StrategyConditions, strategyConditions } from '@zhicai/contract';
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

/** The condition editor opened on a strategy: its conditions filled in, saving changes that strategy. */
export function editConditionsHref(id: number, conditions: StrategyConditions): string {
  return href('choose-stock-picker', {
    q: encodeRequest(requestOfConditions(conditions)),
    strategy: String(id),
  });
}
