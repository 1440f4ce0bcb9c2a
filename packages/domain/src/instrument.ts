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

/**
 * The detail pages by route name (spec 1 §2); the contract's route table holds their paths and
 * spellings (/stockHK, /etfDetail), so the domain never spells a path. The web checks at compile time
 * that each is a route of the table (apps/web/src/platform/links.test-d.ts).
 */
export const detailRoutes = ['stock', 'stockHk', 'indexStock', 'fundDetails', 'etfDetails'] as const;
export type DetailRoute = (typeof detailRoutes)[number];

const detailRouteList: readonly string[] = detailRoutes;

/** The exchange suffix of a code in upper case ('600519.SH' → 'SH'), or '' when it has none. */
export function codeSuffix(code: string): string {
  const dot = code.lastIndexOf('.');
  return dot < 0 ? '' : code.slice(dot + 1).toUpperCase();
}

/** A stock's type by its code, for lists that do not say: .HK is a Hong Kong stock, else an A-share. */
export function stockType(code: string): 'hk' | 'capital' {
  return codeSuffix(code) === 'HK' ? 'hk' : 'capital';
}

/** spec 1 §2: a fund's type by its code, when no type query says otherwise: .OF off-exchange, else exchange-traded. */
export function fundType(code: string): 'fund_outside' | 'fund_onside' {
  return codeSuffix(code) === 'OF' ? 'fund_outside' : 'fund_onside';
}

/** spec 1 §2: an index's type by its code: .ZSI industry, .WI concept, .HI Hong Kong, else mainland. */
export function indexType(code: string): InstrumentType {
  const suffix = codeSuffix(code);
  if (suffix === 'ZSI') return 'index_hy';
  if (suffix === 'WI') return 'index_gn';
  if (suffix === 'HI') return 'index_hk_hs';
  // Anything else (.CSI, .SH, .SZ, none) is a mainland index.
  return 'index_hs';
}

/**
 * The instrument type of a detail page, from its route name, its code and its `type` query (read on
 * fund routes only). Null when the route is not a detail route.
 */
export function instrumentType(
  route: string,
  code: string,
  typeQuery?: string | null,
): InstrumentType | null {
  switch (route) {
    case 'stock':
      return 'capital';
    case 'stockHk':
      return 'hk';
    case 'indexStock':
      return indexType(code);
    case 'fundDetails':
    case 'etfDetails':
      // spec 1 §2: a type query of fund_onside or fund_lof wins over the code; any other value is ignored.
      if (typeQuery === 'fund_onside' || typeQuery === 'fund_lof') return typeQuery;
      return fundType(code);
    default:
      return null;
  }
}

/** spec 1 §3: capital → stock; the four index types → indexStock; hk → stockHk; funds → fundDetails. */
export function detailRoute(type: InstrumentType): Exclude<DetailRoute, 'etfDetails'> {
  switch (type) {
    case 'capital':
      return 'stock';
    case 'hk':
      return 'stockHk';
    case 'index_hs':
    case 'index_hy':
    case 'index_hk_hs':
    case 'index_gn':
      return 'indexStock';
    case 'fund_outside':
    case 'fund_onside':
    case 'fund_lof':
      return 'fundDetails';
  }
}

/** Where a link to an instrument leads: the route, the code it carries and a fund route's `type`. */
export interface DetailPage {
  route: DetailRoute;
  code: string;
  /** The `type` query of a fund route: set for an LOF, whose .OF code alone reads as fund_outside. */
  fundType?: 'fund_lof';
}

/**
 * The page that opens an instrument. Spec 1 §3 sends every fund to fundDetails; spec 1 §2 gives
 * exchange-traded funds their own page (/etfDetails), and an LOF's exchange listing (161725.SZ) is
 * the fund itself, so it opens the fund's page under its fund code. An LOF carries its type, since
 * the fund page reads type fund_lof from the query only.
 */
export function detailPage(code: string, type: InstrumentType): DetailPage {
  if (type === 'fund_onside') {
    const fundCode = lofFundCode(code);
    return fundCode
      ? { route: 'fundDetails', code: fundCode, fundType: 'fund_lof' }
      : { route: 'etfDetails', code };
  }
  if (type === 'fund_lof') return { route: 'fundDetails', code, fundType: 'fund_lof' };
  return { route: detailRoute(type), code };
}

/**
 * Whether a route is a detail page. The web shell clears key-range values on navigation unless the
 * new page is a detail page (under any spelling: the route table resolves those to the name).
 */
export function isDetailRoute(route: string): boolean {
  return detailRouteList.includes(route);
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
