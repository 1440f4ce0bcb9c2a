/**
 * Market badge labels by code (spec 1 §2 "Other shell elements"). The labels are the short badges
 * Chinese quote apps (东方财富, 同花顺) put beside a name:
 *   沪 Shanghai main board · 深 Shenzhen main board · 科创 STAR board · 创业 ChiNext · 北 Beijing
 *   · 港 Hong Kong · 指数 index · ETF exchange-traded fund · LOF listed open-ended fund · 基金 other fund.
 */
import { codeSuffix, type InstrumentType, lofFundCode } from './instrument.ts';

/** What a badge stands for, in English, for styling and tests. */
export type BadgeMarket = 'sh' | 'sz' | 'star' | 'chinext' | 'bj' | 'hk' | 'index' | 'etf' | 'lof' | 'fund';

export interface MarketBadge {
  label: string;
  market: BadgeMarket;
}

export const marketBadges = {
  sh: { label: '沪', market: 'sh' },
  sz: { label: '深', market: 'sz' },
  star: { label: '科创', market: 'star' },
  chinext: { label: '创业', market: 'chinext' },
  bj: { label: '北', market: 'bj' },
  hk: { label: '港', market: 'hk' },
  index: { label: '指数', market: 'index' },
  etf: { label: 'ETF', market: 'etf' },
  lof: { label: 'LOF', market: 'lof' },
  fund: { label: '基金', market: 'fund' },
} as const satisfies Record<BadgeMarket, MarketBadge>;

// A known type decides the badge before the code does: exchange-traded funds and LOFs carry ordinary
// .SH/.SZ codes, so only the type can tell them apart. capital is absent: its board comes from the code.
const badgeByType: Partial<Record<InstrumentType, MarketBadge>> = {
  hk: marketBadges.hk,
  index_hs: marketBadges.index,
  index_hy: marketBadges.index,
  index_hk_hs: marketBadges.index,
  index_gn: marketBadges.index,
  fund_outside: marketBadges.fund,
  fund_onside: marketBadges.etf,
  fund_lof: marketBadges.lof,
};

// Suffixes that name the market on their own (reference/protocol.md "Suffixes").
const badgeBySuffix: ReadonlyMap<string, MarketBadge> = new Map<string, MarketBadge>([
  ['HK', marketBadges.hk],
  ['BJ', marketBadges.bj],
  ['ZSI', marketBadges.index],
  ['WI', marketBadges.index],
  ['HI', marketBadges.index],
  ['CSI', marketBadges.index],
  ['OF', marketBadges.fund],
]);

// spec 1 §2: the A-share board by the first three digits, with the exchange each board lists on.
const boards: readonly { prefixes: readonly string[]; exchange: 'SH' | 'SZ'; badge: MarketBadge }[] = [
  { prefixes: ['600', '601', '603', '605'], exchange: 'SH', badge: marketBadges.sh },
  { prefixes: ['688', '689'], exchange: 'SH', badge: marketBadges.star },
  { prefixes: ['000', '001', '002', '003'], exchange: 'SZ', badge: marketBadges.sz },
  { prefixes: ['300', '301'], exchange: 'SZ', badge: marketBadges.chinext },
];

/**
 * The badge for a code such as '600519.SH', or null when neither the type nor the code identifies a
 * market. `type` is an optional hint (the instrument type when the caller knows it); without it an
 * exchange-traded ETF or LOF code ('510300.SH') gets no badge, since its digits are not a board.
 */
export function marketBadge(code: string, type?: InstrumentType | null): MarketBadge | null {
  // An exchange-traded fund on an LOF number is the LOF's listing (161725.SZ), not an ETF.
  if (type === 'fund_onside' && lofFundCode(code)) return marketBadges.lof;
  const typed = type ? badgeByType[type] : undefined;
  if (typed) return typed;
  const suffix = codeSuffix(code);
  const bySuffix = badgeBySuffix.get(suffix);
  if (bySuffix) return bySuffix;
  if (suffix !== '' && suffix !== 'SH' && suffix !== 'SZ') return null;
  const symbol = suffix === '' ? code : code.slice(0, code.lastIndexOf('.'));
  if (!/^\d{6}$/.test(symbol)) return null;
  const prefix = symbol.slice(0, 3);
  // Shanghai numbers its indices 000xxx.SH (000001.SH is the SSE Composite) and Shenzhen 399xxx.SZ;
  // read by prefix alone 000001.SH would wrongly be a Shenzhen stock.
  if ((suffix === 'SH' && prefix === '000') || (suffix === 'SZ' && prefix === '399'))
    return marketBadges.index;
  const board = boards.find((candidate) => candidate.prefixes.includes(prefix));
  if (!board) return null;
  // A suffix that contradicts the board's exchange is not an A-share code we can label.
  if (suffix !== '' && suffix !== board.exchange) return null;
  return board.badge;
}
