import type { InstrumentType, TradingMarket } from '@zhicai/domain';
import type { Insertable } from 'kysely';
import type { InstrumentsTable } from '../../../db/schema.ts';

/** What a parser knows of the instruments already stored (and, for instruments.csv, of the file). */
export interface KnownInstrument {
  type: InstrumentType;
}

export type KnownInstruments = ReadonlyMap<string, KnownInstrument>;

export function marketOfType(type: InstrumentType): TradingMarket {
  return type === 'hk' || type === 'index_hk_hs' ? 'hk' : 'cn';
}

/** Off-exchange funds and LOFs publish NAVs; everything else trades daily bars (instrument-directory.ts). */
export function seriesOfType(type: InstrumentType): 'day' | 'nav' {
  return type === 'fund_outside' || type === 'fund_lof' ? 'nav' : 'day';
}

export type InstrumentRow = Omit<Insertable<InstrumentsTable>, 'profile'>;

/** What a parsed file amounts to, for the summary line. */
export interface ParsedFile<T> {
  rows: T;
  /** Rows read from the file. */
  count: number;
  /** Distinct instruments the file is about. */
  codes: number;
  notes: string[];
}
