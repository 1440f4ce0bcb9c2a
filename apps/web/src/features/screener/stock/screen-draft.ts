import type { ScreenCriterion, StockCondition, StockScreenBody } from '@zhicai/contract';
import { formatAmount } from '@zhicai/domain';

/**
 * The editor's conditions and the protocol request they make (reference/protocol.md select/select):
 * `seqFlags` in the order the user chose them, `<CODE>_left`/`<CODE>_right` bounds with "Infinity"
 * for an open upper bound, a choice's options under its lower-case code (`plates:"1,2"`).
 */
export type ScreenRequest = StockScreenBody;

export interface DraftCondition {
  code: string;
  /** Range/flag bounds in the condition's unit; null = open. */
  left: number | null;
  right: number | null;
  /** A choice's chosen option values. */
  values: string[];
}

export function requestOf(draft: readonly DraftCondition[]): ScreenRequest {
  const request: Record<string, string | number> = {
    seqFlags: draft.map((condition) => condition.code).join(','),
  };
  for (const condition of draft) {
    if (condition.values.length > 0) {
      request[condition.code.toLowerCase()] = condition.values.join(',');
      continue;
    }
    if (condition.left !== null) request[`${condition.code}_left`] = condition.left;
    if (condition.left !== null || condition.right !== null)
      request[`${condition.code}_right`] = condition.right ?? 'Infinity';
  }
  return request as ScreenRequest;
}

function boundFrom(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '' || /Infinity/.test(value)) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** Reads a request (a preset's, or one carried in a link) back into editor conditions. */
export function draftOf(request: Readonly<Record<string, unknown>>): DraftCondition[] {
  const seqFlags = typeof request.seqFlags === 'string' ? request.seqFlags.split(',') : [];
  return seqFlags
    .map((flag) => flag.trim().toUpperCase())
    .filter(Boolean)
    .map((code) => {
      const options = request[code.toLowerCase()];
      return {
        code,
        left: boundFrom(request[`${code}_left`]),
        right: boundFrom(request[`${code}_right`]),
        values: typeof options === 'string' || typeof options === 'number' ? String(options).split(',') : [],
      };
    });
}

/** The request as a link carries it (`q=`), and back; a broken link reads as no conditions. */
export function encodeRequest(request: ScreenRequest): string {
  return JSON.stringify(request);
}

export function decodeRequest(text: string | null): ScreenRequest {
  if (!text) return { seqFlags: '' };
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as ScreenRequest) : { seqFlags: '' };
  } catch {
    return { seqFlags: '' };
  }
}

/** A figure in its unit as the screen shows it: 亿 for yuan amounts, % for percentages. */
export function figureText(value: number | string | null | undefined, unit: string): string {
  if (value === null || value === undefined) return '--';
  if (typeof value === 'string') return value;
  if (unit === '元') return formatAmount(value);
  if (unit === '%') return `${value.toFixed(2)}%`;
  if (unit === '倍') return `${value.toFixed(2)}倍`;
  if (unit === '') return value === 1 ? '是' : value === 0 ? '否' : String(value);
  return `${value}${unit}`;
}

/** The bounds of a criterion in words: "5–40倍", "≥ 5%", "是", "沪市主板、深市主板". */
export function boundsText(
  criterion: Pick<ScreenCriterion, 'kind' | 'unit' | 'left' | 'right' | 'options'>,
): string {
  if (criterion.kind === 'choice')
    return criterion.options.length > 0 ? criterion.options.map((option) => option.label).join('、') : '不限';
  if (criterion.kind === 'flag') return criterion.left === 0 && criterion.right === 0 ? '否' : '是';
  const { left, right, unit } = criterion;
  if (left !== null && right !== null) return `${figureText(left, unit)} – ${figureText(right, unit)}`;
  if (left !== null) return `≥ ${figureText(left, unit)}`;
  if (right !== null) return `≤ ${figureText(right, unit)}`;
  return '不限';
}

/** A new condition's starting bounds: the middle of its distribution for a range, "yes" for a flag. */
export function initialCondition(condition: StockCondition): DraftCondition {
  if (condition.kind === 'flag') return { code: condition.code, left: 1, right: 1, values: [] };
  if (condition.kind === 'choice') return { code: condition.code, left: null, right: null, values: [] };
  const buckets = condition.histogram;
  const low = buckets[0]?.from ?? condition.min;
  const high = buckets.at(-1)?.to ?? condition.max;
  return {
    code: condition.code,
    left: low === null ? null : roundForUnit(low, condition.unit),
    right: high === null ? null : roundForUnit(high, condition.unit),
    values: [],
  };
}

export function roundForUnit(value: number, unit: string): number {
  const decimals = unit === '元' ? -6 : unit === '天' ? 0 : 2;
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
