import { type StrategyConditions, strategyConditions } from '@zhicai/contract';

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
 * A screen's request (select/select body) as a strategy's conditions: the flags as a list, the
 * range and flag bounds, the boards (`plates`) and `basic_st`. A strategy stores no other option
 * lists (industry, concept, index), so a screen choosing one cannot be saved as it is; the answer
 * then says why, in the words the save shows.
 */
export function strategyConditionsOf(
  request: Readonly<Record<string, unknown>>,
): { ok: true; conditions: StrategyConditions } | { ok: false; reason: string } {
  const { seqFlags, ...rest } = request;
  const flags = (Array.isArray(seqFlags) ? seqFlags.map(String) : String(seqFlags ?? '').split(','))
    .map((flag) => flag.trim())
    .filter(Boolean);
  const candidate: Record<string, unknown> = { seqFlags: flags };
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined || value === null) continue;
    if (key === 'plates' || key === 'basic_st' || /_(left|right)$/.test(key)) {
      candidate[key] = value;
      continue;
    }
    return { ok: false, reason: '行业、概念、指数等选项条件暂不能保存为策略，请去掉后再保存' };
  }
  const parsed = strategyConditions.safeParse(candidate);
  return parsed.success
    ? { ok: true, conditions: parsed.data }
    : { ok: false, reason: parsed.error.issues[0]?.message ?? '条件有误，不能保存' };
}
