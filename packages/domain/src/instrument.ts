/**
 * Instrument types and detail routes (spec 1 §2 "Detail routes and instrument type", spec 1 §3).
 * Codes are `code.EXCHANGE` (600519.SH, 00700.HK, 801080.ZSI, 000001.OF); reference/protocol.md lists
 * the suffixes.
 */

/** Every instrument type, in the order spec 1 §3 lists them. */
export const instrumentTypes = [
  'capital',
  'hk',
  'index_hs',
  'index_hy',
  'index_hk_hs',
  'index_gn',
  'fund_outside',
  'fund_onside',
  'fund_lof',
] as const;
export type InstrumentType = (typeof instrumentTypes)[number];

/** The canonical path of each detail page; alternative spellings only lead to these. */
export type DetailPath = '/stock' | '/indexStock' | '/stockHk' | '/fundDetails';

const indexPath = '/indexStock';
// spec 1 §2: Hong Kong stocks are reached as /stockHk and also spelled /stockHK.
const hkPaths: readonly string[] = ['/stockHk', '/stockHK'];
// spec 1 §2: /fundDetails for off-exchange funds and LOF, /etfDetails (also /etfDetail) for ETFs.
const fundPaths: readonly string[] = ['/fundDetails', '/etfDetails', '/etfDetail'];
const detailPaths: readonly string[] = ['/stock', indexPath, ...hkPaths, ...fundPaths];

/** The exchange suffix of a code in upper case ('600519.SH' → 'SH'), or '' when it has none. */
export function codeSuffix(code: string): string {
  const dot = code.lastIndexOf('.');
  return dot < 0 ? '' : code.slice(dot + 1).toUpperCase();
}

/**
 * The instrument type of a detail page, from its pathname (exact, case-sensitive as routed), its
 * code and its `type` query (read on fund routes only). Null when the path is not a detail route.
 */
export function instrumentType(path: string, code: string, typeQuery?: string | null): InstrumentType | null {
  if (path === '/stock') return 'capital';
  if (hkPaths.includes(path)) return 'hk';
  const suffix = codeSuffix(code);
  if (path === indexPath) {
    // spec 1 §2: .ZSI industry, .WI concept, .HI Hong Kong, anything else (.CSI, .SH, .SZ) mainland.
    if (suffix === 'ZSI') return 'index_hy';
    if (suffix === 'WI') return 'index_gn';
    if (suffix === 'HI') return 'index_hk_hs';
    return 'index_hs';
  }
  if (fundPaths.includes(path)) {
    // spec 1 §2: a type query of fund_onside or fund_lof wins over the code; any other value is ignored.
    if (typeQuery === 'fund_onside' || typeQuery === 'fund_lof') return typeQuery;
    return suffix === 'OF' ? 'fund_outside' : 'fund_onside';
  }
  return null;
}

/** spec 1 §3: capital → stock; the four index types → indexStock; hk → stockHk; funds → fundDetails. */
export function detailPath(type: InstrumentType): DetailPath {
  switch (type) {
    case 'capital':
      return '/stock';
    case 'hk':
      return '/stockHk';
    case 'index_hs':
    case 'index_hy':
    case 'index_hk_hs':
    case 'index_gn':
      return '/indexStock';
    case 'fund_outside':
    case 'fund_onside':
    case 'fund_lof':
      return '/fundDetails';
  }
}

/**
 * Whether a pathname is a detail page under any of its spellings. The web shell clears key-range
 * values on navigation unless the new page is a detail page.
 */
export function isDetailPath(pathname: string): boolean {
  return detailPaths.includes(pathname);
}

/**
 * The fund code behind an LOF's exchange listing ('161725.SZ' → '161725.OF'), or null for any other
 * code. An LOF trades on the exchange under its fund number: Shenzhen numbers LOFs 16xxxx (its ETFs
 * are 159xxx), Shanghai 50xxxx (its ETFs are 51xxxx, 56xxxx, 58xxxx). The listing and the fund are
 * one product, so its page is the fund's.
 */
export function lofFundCode(code: string): string | null {
  const suffix = codeSuffix(code);
  const digits = code.slice(0, code.lastIndexOf('.'));
  if (!/^\d{6}$/.test(digits)) return null;
  const isLof = (suffix === 'SZ' && digits.startsWith('16')) || (suffix === 'SH' && digits.startsWith('50'));
  return isLof ? `${digits}.OF` : null;
}
