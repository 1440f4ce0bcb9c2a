import type { FundConditionSet, StrategyConditions, StrategyKind } from '@zhicai/contract';

/**
 * What a strategy needs from the screening engines: the codes a condition set matches now, and
 * the values of its conditions for the result rows (`info/{id}`). The stock and fund engines of
 * the other screener parts implement it; the module takes whichever it is given.
 */
export interface StrategyScreens {
  stocks(conditions: StrategyConditions): Promise<string[]>;
  funds(conditions: StrategyConditions): Promise<string[]>;
  /**
   * Per code, the value of each condition of `flags` in order: a figure, a choice's matching option
   * labels (白酒Ⅱ), 是/否 for a yes/no pattern; null where unknown.
   */
  values(
    kind: StrategyKind,
    conditions: StrategyConditions,
    flags: readonly string[],
    codes: readonly string[],
  ): Promise<Map<string, ColumnValue[]>>;
  /** A condition's column title in the result rows, with its unit. */
  title(kind: StrategyKind, flag: string): string;
}

/** One cell of a strategy's result row. */
export type ColumnValue = number | string | null;

/**
 * The flags a result row shows a column for, in seqFlags order: those with a `_left` or `_right`
 * bound, and the choices with options chosen (under the flag in lower case).
 */
export function columnFlags(conditions: StrategyConditions): string[] {
  return conditions.seqFlags.filter(
    (flag) =>
      conditions[`${flag}_left`] !== undefined ||
      conditions[`${flag}_right`] !== undefined ||
      conditions[flag.toLowerCase() as Lowercase<string>] !== undefined,
  );
}

/** Reads a bound: a number, or ±Infinity for the open ends ("Infinity", or no bound at all). */
function bound(value: unknown, open: number): number {
  if (typeof value === 'number') return value;
  if (value === '-Infinity') return -Infinity;
  if (value === 'Infinity') return Infinity;
  return open;
}

/** Whether `value` lies within the flag's bounds (both inclusive). */
export function withinBounds(conditions: StrategyConditions, flag: string, value: number | null): boolean {
  if (value === null) return false;
  return (
    value >= bound(conditions[`${flag}_left`], -Infinity) &&
    value <= bound(conditions[`${flag}_right`], Infinity)
  );
}

/** What a strategy reads of the stock screen (modules/screener/stock) and the fund screen (fund). */
interface ScreenEngine {
  values(
    conditions: Readonly<Record<string, unknown>>,
    flags: readonly string[],
    codes: readonly string[],
  ): Promise<Map<string, ColumnValue[]>>;
  title(flag: string): string;
}

/**
 * The strategies' screens are the select calls' own engines, so a saved strategy's members are
 * exactly what 选股/选基 answers for its conditions; an unknown condition is refused as select
 * refuses it.
 */
export function engineScreens(
  stocks: ScreenEngine & { codes(request: Readonly<Record<string, unknown>>): Promise<string[]> },
  funds: ScreenEngine & { matchingCodes(set: FundConditionSet): Promise<string[]> },
): StrategyScreens {
  const engineOf = (kind: StrategyKind): ScreenEngine => (kind === 'stock' ? stocks : funds);
  return {
    stocks: (conditions) => stocks.codes({ ...conditions }),
    // The fund screen reads seqFlags comma-separated (contract screener-fund.ts).
    funds: (conditions) => {
      const { seqFlags, ...bounds } = conditions;
      const set: FundConditionSet = { seqFlags: seqFlags.join(',') };
      for (const [key, value] of Object.entries(bounds))
        if (typeof value === 'number' || typeof value === 'string') set[key] = value;
      return funds.matchingCodes(set);
    },
    values: (kind, conditions, flags, codes) => engineOf(kind).values({ ...conditions }, flags, codes),
    title: (kind, flag) => engineOf(kind).title(flag),
  };
}
