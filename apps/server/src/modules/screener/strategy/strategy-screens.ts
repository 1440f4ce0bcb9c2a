import type { Quote, StrategyConditions, StrategyKind } from '@zhicai/contract';
import type { Market } from '../../../market/market.ts';

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

/**
 * The flags the quote stand-in reads, in the units the select body bounds them: PRICE in yuan,
 * CHG_PCT and TURNOVER in %, PE_TTM and PB as multiples, TOTAL_MV in 亿.
 */
const quoteFlags: Readonly<Record<string, (quote: Quote) => number | null>> = {
  PRICE: (quote) => quote.price,
  CHG_PCT: (quote) => (quote.chgPct === null ? null : quote.chgPct * 100),
  TURNOVER: (quote) => (quote.turnoverRate === null ? null : quote.turnoverRate * 100),
  PE_TTM: (quote) => quote.pe,
  PB: (quote) => quote.pb,
  TOTAL_MV: (quote) => (quote.marketCap === null ? null : quote.marketCap / 1e8),
};

/**
 * A stand-in for the screening engines until they are wired in: it judges the flags a quote
 * answers (quoteFlags) from the live quotes of the market, and `basic_st: 0` drops ST stocks.
 * A condition set naming any other flag matches nothing here, rather than pretending.
 */
export function createQuoteScreens(market: Pick<Market, 'directory' | 'engine'>): StrategyScreens {
  const { directory, engine } = market;

  function screen(types: Parameters<typeof directory.ofType>, conditions: StrategyConditions): string[] {
    const judged = conditions.seqFlags.filter((flag) => flag !== 'BASIC_ST');
    if (judged.some((flag) => !quoteFlags[flag])) return [];
    const codes: string[] = [];
    for (const instrument of directory.ofType(...types)) {
      if (conditions.basic_st === 0 && instrument.name.includes('ST')) continue;
      const quote = engine.quote(instrument.code);
      if (!quote) continue;
      if (judged.every((flag) => withinBounds(conditions, flag, quoteFlags[flag]?.(quote) ?? null)))
        codes.push(instrument.code);
    }
    return codes.sort();
  }

  return {
    stocks: async (conditions) => screen(['capital'], conditions),
    funds: async (conditions) => screen(['fund_onside', 'fund_lof', 'fund_outside'], conditions),
    async values(_kind, flags, codes) {
      return new Map(
        codes.map((code) => {
          const quote = engine.quote(code);
          return [code, flags.map((flag) => (quote ? (quoteFlags[flag]?.(quote) ?? null) : null))];
        }),
      );
    },
  };
}
