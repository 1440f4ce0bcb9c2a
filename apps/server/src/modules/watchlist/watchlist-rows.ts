import type {
  GroupKind,
  Quote,
  WatchlistColumn,
  WatchlistGroup,
  WatchlistItem,
  WatchlistRow,
  watchlistMarket,
} from '@zhicai/contract';
import type { InstrumentType } from '@zhicai/domain';
import type { z } from 'zod';
import type { Instrument } from '../../market/instrument-directory.ts';
import type { PeriodReference } from './period-changes.ts';
import { periodFigures } from './period-changes.ts';
import type { GroupRow, InstrumentRow, ItemRow } from './watchlist.repository.ts';

/**
 * Pure rules of the watchlist's lists: the order of groups and items, the market tabs, the quote
 * columns of a row and the server-side sort.
 */

/** A quote that has not moved for this long while its market trades is marked stale. */
export const STALE_AFTER_MS = 15_000;

const kindOrder: Record<GroupKind, number> = { default: 0, user: 1, strategy: 2 };

/** Groups as lists show them: 全部 first, then each kind in the user's order. */
export function orderGroups(groups: readonly GroupRow[]): GroupRow[] {
  return [...groups].sort(
    (a, b) => kindOrder[a.kind] - kindOrder[b.kind] || a.position - b.position || a.id - b.id,
  );
}

export function groupView(groups: readonly GroupRow[], items: readonly ItemRow[]): WatchlistGroup[] {
  const counts = new Map<number, number>();
  for (const item of items) counts.set(item.group_id, (counts.get(item.group_id) ?? 0) + 1);
  const places = new Map<GroupKind, number>();
  return orderGroups(groups).map((group) => {
    const order = places.get(group.kind) ?? 0;
    places.set(group.kind, order + 1);
    return { id: group.id, name: group.name, kind: group.kind, order, count: counts.get(group.id) ?? 0 };
  });
}

/** Items of one group in the user's order: pinned first (latest pin on top), then by place. */
export function orderItems(items: readonly ItemRow[]): ItemRow[] {
  return [...items].sort((a, b) => {
    if (a.pinned_at !== b.pinned_at) {
      if (a.pinned_at === null) return 1;
      if (b.pinned_at === null) return -1;
      return a.pinned_at < b.pinned_at ? 1 : -1;
    }
    return a.position - b.position || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
  });
}

/** The type of an instrument the master no longer lists, read from its suffix. */
function typeFromSuffix(code: string): InstrumentType {
  if (code.endsWith('.HK')) return 'hk';
  if (code.endsWith('.OF')) return 'fund_outside';
  return 'capital';
}

const marketTypes: Record<z.infer<typeof watchlistMarket>, readonly InstrumentType[] | null> = {
  all: null,
  // 沪深: A-shares, their indices and the funds that trade on the exchanges.
  hs: ['capital', 'index_hs', 'index_hy', 'index_gn', 'fund_onside', 'fund_lof'],
  hk: ['hk', 'index_hk_hs'],
  fund: ['fund_outside', 'fund_lof', 'fund_onside'],
};

export function inMarket(type: InstrumentType, market: z.infer<typeof watchlistMarket>): boolean {
  const types = marketTypes[market];
  return types === null || types.includes(type);
}

export function itemView(
  item: ItemRow,
  instrument: Instrument | undefined,
  facts: InstrumentRow | undefined,
): WatchlistItem {
  return {
    code: item.code,
    name: instrument?.name ?? item.code,
    type: instrument?.type ?? typeFromSuffix(item.code),
    groupId: item.group_id,
    pinned: item.pinned_at !== null,
    remark: facts?.remark ?? '',
    addedAt: facts?.added_at ?? '',
    addedPrice: facts?.added_price ?? null,
    holding: facts?.shares != null && facts.cost != null ? { shares: facts.shares, cost: facts.cost } : null,
  };
}

function round(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}

/** The figures of a row that come from the instrument's quote: the same for every user. */
export type QuoteFigures = Omit<
  WatchlistRow,
  keyof WatchlistItem | 'sinceAdded' | 'holdingProfit' | 'holdingProfitPct'
>;
/** The figures of a row that come from the user's item (added price, holding) and the price. */
export type UserFigures = Pick<WatchlistRow, 'sinceAdded' | 'holdingProfit' | 'holdingProfitPct'>;

/**
 * Whether a row's quote is to be marked stale: none, or one that has not moved for STALE_AFTER_MS
 * before the market's latest tick (epoch ms) while its market trades.
 */
export function isStale(quote: Quote | undefined, latestTick: number): boolean {
  return !quote || (quote.status === 'trading' && latestTick - quote.time > STALE_AFTER_MS);
}

/** `latestTick`: epoch ms of the market's latest tick, the time a trading quote is judged against. */
export function quoteFigures(
  instrument: Instrument | undefined,
  quote: Quote | undefined,
  reference: PeriodReference | undefined,
  latestTick: number,
): QuoteFigures {
  const periods =
    quote && instrument
      ? periodFigures(quote, reference, instrument)
      : { chg5d: null, chg20d: null, chg60d: null, chgYtd: null, volumeRatio: null };
  return {
    status: quote?.status ?? null,
    stale: isStale(quote, latestTick),
    time: quote?.time ?? null,
    price: quote?.price ?? null,
    chg: quote?.chg ?? null,
    chgPct: quote?.chgPct ?? null,
    amount: quote ? quote.amount : null,
    turnoverRate: quote?.turnoverRate ?? null,
    volumeRatio: periods.volumeRatio,
    marketCap: quote?.marketCap ?? null,
    pe: quote?.pe ?? null,
    chg5d: periods.chg5d,
    chg20d: periods.chg20d,
    chg60d: periods.chg60d,
    chgYtd: periods.chgYtd,
  };
}

export function userFigures(item: WatchlistItem, price: number | null): UserFigures {
  const holding = item.holding;
  return {
    sinceAdded:
      price !== null && item.addedPrice !== null && item.addedPrice > 0
        ? round(price / item.addedPrice - 1, 6)
        : null,
    holdingProfit: price !== null && holding ? round((price - holding.cost) * holding.shares, 2) : null,
    holdingProfitPct: price !== null && holding ? round(price / holding.cost - 1, 6) : null,
  };
}

export function rowView(
  item: WatchlistItem,
  instrument: Instrument | undefined,
  quote: Quote | undefined,
  reference: PeriodReference | undefined,
  latestTick: number,
): WatchlistRow {
  const figures = quoteFigures(instrument, quote, reference, latestTick);
  return { ...item, ...figures, ...userFigures(item, figures.price) };
}

/** What the sort compares of one row: its pin and the sorted column's figure or text. */
export interface SortKey {
  pinned: boolean;
  value: number | string | null;
}

/**
 * Names in Chinese order, one collator for every sort; made on the first sort by name, as loading
 * zh-CN's collation took 10 ms of every start (issue 15 item 8).
 */
let chineseCollator: Intl.Collator | undefined;
function chineseOrder(left: string, right: string): number {
  chineseCollator ??= new Intl.Collator('zh-CN');
  return chineseCollator.compare(left, right);
}

/**
 * The order of rows sorted by a column, as indexes into `keys` (each row's SortKey for that
 * column): pinned rows first whatever the column (as the big apps do). Rows without the figure go
 * last in either direction; ties keep the user's order, which is the order of `keys`.
 */
export function sortOrder(
  keys: readonly SortKey[],
  column: WatchlistColumn | 'default' | 'name' | 'code',
  direction: 'asc' | 'desc',
): number[] {
  const sign = direction === 'asc' ? 1 : -1;
  const order = keys.map((_, index) => index);
  order.sort((a, b) => {
    const left = keys[a] as SortKey;
    const right = keys[b] as SortKey;
    if (left.pinned !== right.pinned) return left.pinned ? -1 : 1;
    if (column === 'default') return a - b;
    if (left.value === null || right.value === null) {
      if (left.value === right.value) return a - b;
      return left.value === null ? 1 : -1;
    }
    if (typeof left.value === 'string') {
      const compared = chineseOrder(left.value, right.value as string);
      return compared === 0 ? a - b : sign * compared;
    }
    return left.value === right.value ? a - b : sign * (left.value - (right.value as number));
  });
  return order;
}
