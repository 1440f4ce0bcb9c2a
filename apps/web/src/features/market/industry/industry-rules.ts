import { type IndustryGroupCode, industryGroupTable, type Quote } from '@zhicai/contract';

/** Pure rules of the industry pages: live overlays, sorting and the search filter. */

export interface LiveFigures {
  code: string;
  price: number | null;
  chgPct: number | null;
}

/**
 * A row with its price and change taken from the live quote of its code when there is one: a plate's
 * change is its index's change, so the tick that moves the index page moves the list too.
 */
export function withLiveQuote<T extends LiveFigures>(row: T, quotes: ReadonlyMap<string, Quote>): T {
  const quote = quotes.get(row.code);
  if (!quote || quote.chgPct === null) return row;
  return { ...row, price: quote.price, chgPct: quote.chgPct };
}

export type PlateSortKey = 'chgPct' | 'amount' | 'riseRatio';
export type SortOrder = 'desc' | 'asc';

interface SortablePlate {
  code: string;
  chgPct: number | null;
  amount: number;
  riseCount: number;
  fallCount: number;
  flatCount: number;
}

/** 上涨占比: rising members over all members. */
export function riseRatio(plate: Pick<SortablePlate, 'riseCount' | 'fallCount' | 'flatCount'>): number {
  return plate.riseCount / Math.max(1, plate.riseCount + plate.fallCount + plate.flatCount);
}

/** The same order the server ranks by, applied again once live changes have moved the rows. */
export function sortPlates<T extends SortablePlate>(
  rows: readonly T[],
  key: PlateSortKey,
  order: SortOrder,
): T[] {
  const value = (row: T) =>
    key === 'amount' ? row.amount : key === 'riseRatio' ? riseRatio(row) : (row.chgPct ?? -Infinity);
  const sign = order === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => sign * (value(a) - value(b)) || a.code.localeCompare(b.code));
}

export type MemberSortKey = 'chgPct' | 'amount' | 'weight';

/** Members by the chosen column; missing figures last whichever the order. */
export function sortMembers<
  T extends { code: string; chgPct: number | null; amount: number; weight: number | null },
>(rows: readonly T[], key: MemberSortKey, order: SortOrder): T[] {
  const value = (row: T) => (key === 'amount' ? row.amount : key === 'weight' ? row.weight : row.chgPct);
  const sign = order === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const left = value(a);
    const right = value(b);
    if (left === null || right === null) return (left === null ? 1 : 0) - (right === null ? 1 : 0);
    return sign * (left - right) || a.code.localeCompare(b.code);
  });
}

/** Plates whose name holds the keyword (trimmed, case-insensitive for Latin letters); all for an empty one. */
export function filterByName<T extends { name: string }>(rows: readonly T[], keyword: string): T[] {
  const wanted = keyword.trim().toLowerCase();
  if (wanted === '') return [...rows];
  return rows.filter((row) => row.name.toLowerCase().includes(wanted));
}

/** A group code from a link's query, or null when it names no group. */
export function groupCodeOf(value: string | null): IndustryGroupCode | null {
  return industryGroupTable.find((group) => group.code === value)?.code ?? null;
}

/** The plate kind of a link's query (`kind=concept`); industries otherwise. */
export function plateKindOf(value: string | null): 'industry' | 'concept' {
  return value === 'concept' ? 'concept' : 'industry';
}

/** Whether a code names a plate index: an SW industry (801080.ZSI) or a concept (884160.WI). */
export function isPlateCode(code: string): boolean {
  return /^\d{6}\.(ZSI|WI)$/.test(code);
}
