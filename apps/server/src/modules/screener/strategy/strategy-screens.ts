import type { FundConditionSet, StrategyConditions, StrategyKind } from '@zhicai/contract';

/**
 * What a strategy needs from the screening engines: the codes a condition set matches now, and
 * the values of its conditions for the result rows (`info/{id}`). The stock and fund engines of
 * the other screener parts implement it; the module takes whichever it is given.
 */
export interface StrategyScreens {
  stocks(conditions: StrategyConditions): Promise<string[]>;
  funds(conditions: StrategyConditions): Promise<string[]>;
  /** Per code, the value of each bounded condition in `flags` order (null where unknown). */
  values(
    kind: StrategyKind,
    flags: readonly string[],
    codes: readonly string[],
  ): Promise<Map<string, (number | null)[]>>;
  /** A condition's column title in the result rows, with its unit. */
  title(kind: StrategyKind, flag: string): string;
}

/** The flags a bounded condition has: those with a `_left` or `_right` bound, in seqFlags order. */
export function boundedFlags(conditions: StrategyConditions): string[] {
  return conditions.seqFlags.filter(
    (flag) => conditions[`${flag}_left`] !== undefined || conditions[`${flag}_right`] !== undefined,
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
  values(flags: readonly string[], codes: readonly string[]): Promise<Map<string, (number | null)[]>>;
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
    values: (kind, flags, codes) => engineOf(kind).values(flags, codes),
    title: (kind, flag) => engineOf(kind).title(flag),
  };
}
