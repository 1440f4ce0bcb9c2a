import type { InstrumentRef } from '@zhicai/contract';
import { headlineIndices, type Tone } from '@zhicai/domain';

/** The rise/fall buckets: index 10 is 平盘, below it falls, above it rises. */
export function bucketTone(index: number): Tone {
  return index < 10 ? 'down' : index > 10 ? 'up' : 'flat';
}

/** Bar heights of the distribution chart as fractions of the tallest bucket (0 when all empty). */
export function bucketHeights(values: readonly number[]): number[] {
  const highest = Math.max(0, ...values);
  return values.map((value) => (highest === 0 ? 0 : Math.max(0, value) / highest));
}

export const rankKindLabels = { stock: '股票', fund: '基金', manager: '基金经理' } as const;
export type RankKind = keyof typeof rankKindLabels;

/** The title of /rankList, for all rankings or those of one kind. */
export function rankListTitle(kind: RankKind | undefined): string {
  if (kind === 'fund') return '基金排行';
  if (kind === 'manager') return '基金经理榜';
  if (kind === 'stock') return '股票排行';
  return '排行榜';
}

/** The ranking kind a /rankList link asks for; anything else shows them all. */
export function rankKindOf(value: string | null): RankKind | undefined {
  return isRankKind(value) ? value : undefined;
}

function isRankKind(value: string | null): value is RankKind {
  return value !== null && Object.hasOwn(rankKindLabels, value);
}

/** Rankings grouped by kind in the order 股票, 基金, 基金经理; empty groups left out. */
export function groupRankNames<T extends { kind: RankKind }>(
  names: readonly T[],
): { kind: RankKind; label: string; items: T[] }[] {
  return (Object.keys(rankKindLabels) as RankKind[])
    .map((kind) => ({ kind, label: rankKindLabels[kind], items: names.filter((name) => name.kind === kind) }))
    .filter((group) => group.items.length > 0);
}

/** The most recent searches kept, newest first. */
export const recentSearchLimit = 10;

/** Puts a hit first in the recent list, without duplicates, keeping at most 10. */
export function addRecentSearch(list: readonly InstrumentRef[], hit: InstrumentRef): InstrumentRef[] {
  const entry = { code: hit.code, name: hit.name, type: hit.type };
  return [entry, ...list.filter((item) => item.code !== hit.code)].slice(0, recentSearchLimit);
}

/**
 * Splits a name or code around the first case-insensitive occurrence of the keyword, for
 * highlighting; the match is null when the keyword does not occur (a pinyin match).
 */
export function splitMatch(
  text: string,
  keyword: string,
): { before: string; match: string | null; after: string } {
  const needle = keyword.trim().toLowerCase();
  const at = needle === '' ? -1 : text.toLowerCase().indexOf(needle);
  if (at < 0) return { before: text, match: null, after: '' };
  return {
    before: text.slice(0, at),
    match: text.slice(at, at + needle.length),
    after: text.slice(at + needle.length),
  };
}

/** The codes of the strip, for the live-quote subscription (one stable array). */
export const mainIndexCodes: readonly string[] = headlineIndices.map((index) => index.code);
