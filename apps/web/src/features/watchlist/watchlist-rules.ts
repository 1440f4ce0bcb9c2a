import type { Quote, TickRow, WatchlistColumn } from '@zhicai/contract';
import type { SortColumn, SortDirection, WatchlistMarket, WatchlistRow } from './api/watchlist-items.ts';

/** The column headers of the list (spec 2 §7.3 listOptionalV4Items columns). */
export const columnLabels: Readonly<Record<WatchlistColumn, string>> = {
  price: '最新价',
  chgPct: '涨跌幅',
  chg: '涨跌额',
  amount: '成交额',
  turnoverRate: '换手率',
  volumeRatio: '量比',
  marketCap: '总市值',
  pe: '市盈率',
  chg5d: '5日涨跌',
  chg20d: '20日涨跌',
  chg60d: '60日涨跌',
  chgYtd: '年初至今',
  sinceAdded: '加自选以来',
  holdingProfit: '持仓盈亏',
};

/** A sort the list asks the server for. */
export interface ListSort {
  column: SortColumn;
  direction: SortDirection;
}

export const defaultSort: ListSort = { column: 'default', direction: 'desc' };

/**
 * A tap on a column header, as the big apps cycle it: another column sorts high to low, the same
 * column then low to high, then back to the user's own order.
 */
export function nextSort(current: ListSort, column: SortColumn): ListSort {
  if (current.column !== column) return { column, direction: 'desc' };
  if (current.direction === 'desc') return { column, direction: 'asc' };
  return defaultSort;
}

/** A tab of the 自选 page: one of the market views of 全部, or one of the user's groups. */
export type WatchlistTab = { kind: 'market'; market: WatchlistMarket } | { kind: 'group'; groupId: number };

export const marketTabs: readonly { market: WatchlistMarket; label: string }[] = [
  { market: 'all', label: '全部' },
  { market: 'hs', label: '沪深' },
  { market: 'hk', label: '港股' },
  { market: 'fund', label: '基金' },
];

export function tabKey(tab: WatchlistTab): string {
  return tab.kind === 'market' ? tab.market : `g${tab.groupId}`;
}

/** What the list and summary calls send for a tab. */
export function tabRequest(tab: WatchlistTab): { groupId: number | undefined; market: WatchlistMarket } {
  return tab.kind === 'market'
    ? { groupId: undefined, market: tab.market }
    : { groupId: tab.groupId, market: 'all' };
}

/** The yesterday's close a row's price and change imply; null without both. */
export function prevCloseOf(row: Pick<WatchlistRow, 'price' | 'chg'>): number | null {
  return row.price === null || row.chg === null ? null : row.price - row.chg;
}

/** `(1 + change) × ratio − 1`: a change over a period carried to a new price. */
function carried(change: number | null, ratio: number | null): number | null {
  return change === null || ratio === null ? change : (1 + change) * ratio - 1;
}

function scaled(value: number | null, ratio: number | null): number | null {
  return value === null || ratio === null ? value : value * ratio;
}

/**
 * A row moved to a new price, as a socket tick moves it. The day's change comes from the close the
 * row implies; market value and PE are proportional to the price; the period changes (5/20/60-day,
 * year to date) move by the same ratio, since their base prices are fixed; the return since added
 * and the holding P&L follow from their own base. A row seen moving is no longer stale.
 */
export function movedRow(
  row: WatchlistRow,
  price: number,
  time: number,
  amount: number | null,
): WatchlistRow {
  const prevClose = prevCloseOf(row);
  const ratio = row.price === null || row.price === 0 ? null : price / row.price;
  const chg = prevClose === null ? null : price - prevClose;
  const holding = row.holding;
  return {
    ...row,
    price,
    time,
    stale: false,
    amount: amount ?? row.amount,
    chg,
    chgPct: prevClose === null || prevClose === 0 || chg === null ? null : chg / prevClose,
    marketCap: scaled(row.marketCap, ratio),
    pe: scaled(row.pe, ratio),
    chg5d: carried(row.chg5d, ratio),
    chg20d: carried(row.chg20d, ratio),
    chg60d: carried(row.chg60d, ratio),
    chgYtd: carried(row.chgYtd, ratio),
    sinceAdded: row.addedPrice ? price / row.addedPrice - 1 : row.sinceAdded,
    holdingProfit: holding ? (price - holding.cost) * holding.shares : row.holdingProfit,
    holdingProfitPct: holding ? price / holding.cost - 1 : row.holdingProfitPct,
  };
}

/**
 * A tick row [code, price, open, high, low, volume, amount] applied to its row. A tick that moves
 * neither the price nor the amount of a fresh row leaves the row itself, so the list renders it
 * again only when what it shows changed.
 */
export function rowAfterTick(row: WatchlistRow, tick: TickRow, time: number): WatchlistRow {
  if (!row.stale && row.price === tick[1] && (tick[6] ?? row.amount) === row.amount) return row;
  return movedRow(row, tick[1], time, tick[6]);
}

/** A snapshot's full quote applied to its row: the quote's own change and turnover win. */
export function rowAfterQuote(row: WatchlistRow, quote: Quote): WatchlistRow {
  if (quote.price === null) return row;
  const moved = movedRow(row, quote.price, quote.time, quote.amount);
  return {
    ...moved,
    status: quote.status,
    chg: quote.chg,
    chgPct: quote.chgPct,
    turnoverRate: quote.turnoverRate ?? moved.turnoverRate,
    marketCap: quote.marketCap ?? moved.marketCap,
    pe: quote.pe ?? moved.pe,
  };
}

/**
 * Moves one entry of a list from `from` to `to` (the sort page's drag and its 置顶 button): the
 * entries between shift by one.
 */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  if (entry === undefined) return next;
  next.splice(Math.max(0, Math.min(next.length, to)), 0, entry);
  return next;
}
