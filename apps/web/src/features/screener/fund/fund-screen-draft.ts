/**
 * The fund condition editor's state and how it goes over the wire: a draft is the chosen conditions
 * in order, a range with its two bounds (null is open, "不限") or options with the values picked.
 * It becomes the protocol's condition set (`seqFlags`, `<FLAG>_left`/`<FLAG>_right`, "Infinity" for
 * an open bound) for the calls, and travels between pages as that set in the URL.
 */
import type { FundCondition, FundConditionSet } from '@zhicai/contract';

export type DraftCondition =
  | { flag: string; kind: 'range'; left: number | null; right: number | null }
  | { flag: string; kind: 'options'; values: string[] };

export type FundScreenDraft = DraftCondition[];

/** The protocol's condition set of a draft: open bounds as "-Infinity" / "Infinity". */
export function toConditionSet(draft: FundScreenDraft): FundConditionSet {
  const set: FundConditionSet = { seqFlags: draft.map((condition) => condition.flag).join(',') };
  for (const condition of draft) {
    if (condition.kind === 'range') {
      set[`${condition.flag}_left`] = condition.left ?? '-Infinity';
      set[`${condition.flag}_right`] = condition.right ?? 'Infinity';
    } else {
      set[condition.flag] = condition.values.join(',');
    }
  }
  return set;
}

function boundOf(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/**
 * The draft of a condition set (a preset's, or one read back from the URL), each flag read by its
 * catalogue kind; flags the catalogue does not know are left out.
 */
export function fromConditionSet(
  set: FundConditionSet,
  catalogue: readonly FundCondition[],
): FundScreenDraft {
  const byFlag = new Map(catalogue.map((condition) => [condition.flag, condition]));
  return String(set.seqFlags ?? '')
    .split(',')
    .map((flag) => flag.trim())
    .flatMap((flag): DraftCondition[] => {
      const entry = byFlag.get(flag);
      if (!entry) return [];
      if (entry.kind === 'options') {
        const values = String(set[flag] ?? '')
          .split(',')
          .filter((value) => value !== '');
        return [{ flag, kind: 'options', values }];
      }
      return [
        { flag, kind: 'range', left: boundOf(set[`${flag}_left`]), right: boundOf(set[`${flag}_right`]) },
      ];
    });
}

/** A condition set as the URL carries it (`conditions=` of /componentFundList and /chooseNewFund). */
export function encodeConditions(set: FundConditionSet): string {
  return JSON.stringify(set);
}

/** The condition set a URL carried; an unreadable one is no condition at all. */
export function decodeConditions(text: string | null): FundConditionSet {
  if (!text) return { seqFlags: '' };
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { seqFlags: '' };
    const set: FundConditionSet = { seqFlags: '' };
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'string' || typeof value === 'number') set[key] = value;
    }
    set.seqFlags = typeof set.seqFlags === 'string' ? set.seqFlags : '';
    return set;
  } catch {
    return { seqFlags: '' };
  }
}

/** A value in its catalogue unit: 12.35%, 20.50亿元, 3.2年, 4星, or -- when missing. */
export function formatConditionValue(value: number | string | null, unit: string, decimals: number): string {
  if (value === null) return '--';
  if (typeof value === 'string') return value;
  return `${value.toFixed(decimals)}${unit}`;
}

/** The bounds of a range as the user reads them: 10.00% ~ 不限. */
export function formatBounds(
  condition: Extract<DraftCondition, { kind: 'range' }>,
  entry: FundCondition,
): string {
  const side = (bound: number | null) =>
    bound === null ? '不限' : formatConditionValue(bound, entry.unit, entry.decimals);
  return `${side(condition.left)} ~ ${side(condition.right)}`;
}

/**
 * Why a row matched one condition, in words: its value against the bounds (近1年收益 18.20% ≥ 10.00%),
 * or the option it has (基金类型为债券型).
 */
export function matchReason(
  condition: DraftCondition,
  entry: FundCondition,
  value: number | string | null,
): string {
  if (condition.kind === 'options') {
    return condition.values.length === 0 ? `${entry.name}不限` : `${entry.name}为${String(value ?? '--')}`;
  }
  const shown = formatConditionValue(value, entry.unit, entry.decimals);
  const parts: string[] = [];
  if (condition.left !== null)
    parts.push(`≥ ${formatConditionValue(condition.left, entry.unit, entry.decimals)}`);
  if (condition.right !== null)
    parts.push(`≤ ${formatConditionValue(condition.right, entry.unit, entry.decimals)}`);
  return parts.length === 0
    ? `${entry.name} ${shown}（不限）`
    : `${entry.name} ${shown}，${parts.join(' 且 ')}`;
}

/** A new condition as the picker adds it: a range open at both ends, options with none picked. */
export function newCondition(entry: FundCondition): DraftCondition {
  return entry.kind === 'options'
    ? { flag: entry.flag, kind: 'options', values: [] }
    : { flag: entry.flag, kind: 'range', left: null, right: null };
}
