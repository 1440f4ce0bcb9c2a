import type { EndpointData } from '../../../platform/query/endpoint-query.ts';
import type { WatchlistRow } from '../api/watchlist-items.ts';

/** A row of 贵州茅台 as listOptionalV4Items answers it, up 1.37%; override what a case is about. */
export function rowOf(code: string, overrides: Partial<WatchlistRow> = {}): WatchlistRow {
  return {
    code,
    name: '贵州茅台',
    type: 'capital',
    groupId: 1,
    pinned: false,
    remark: '',
    addedAt: '2026-11-02T02:00:00.000Z',
    addedPrice: 1500,
    holding: null,
    status: 'trading',
    stale: false,
    time: 1_700_000_000_000,
    price: 1520.5,
    chg: 20.5,
    chgPct: 0.013667,
    amount: 3_560_000_000,
    turnoverRate: 0.0019,
    volumeRatio: 1.12,
    marketCap: 1_910_000_000_000,
    pe: 28.53,
    chg5d: 0.02,
    chg20d: -0.01,
    chg60d: 0.05,
    chgYtd: 0.1,
    sinceAdded: 0.013667,
    holdingProfit: null,
    holdingProfitPct: null,
    ...overrides,
  };
}

export const groups: EndpointData<'watchlist.optGroupList'> = [
  { id: 1, name: '全部', kind: 'default', order: 0, count: 3 },
  { id: 2, name: '白酒', kind: 'user', order: 0, count: 1 },
  { id: 3, name: '港股', kind: 'user', order: 1, count: 0 },
];

export const columns: EndpointData<'watchlist.sortGet'> = {
  columns: [
    { key: 'price', visible: true },
    { key: 'chgPct', visible: true },
    { key: 'amount', visible: true },
    { key: 'chg', visible: false },
    { key: 'turnoverRate', visible: true },
  ],
};

export const average: EndpointData<'watchlist.avgChg'> = {
  groupId: 1,
  avgChg: 0.0123,
  up: 2,
  down: 1,
  flat: 0,
  count: 3,
};
