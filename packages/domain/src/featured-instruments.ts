/**
 * The instruments the app names by code in its own lists, rather than asking the market for them:
 * the headline indices (the home strip, the index chooser, the market summary) and the ETF tab's hot
 * ETFs. They live here once so the server's tests can check that every one of them exists in the
 * market with a quote: a code the market lacks shows `-- --` and opens a page that fails.
 * The names are shown only while the quotes load.
 */
export interface FeaturedInstrument {
  code: string;
  name: string;
}

/** The main indices, in the order Chinese quote apps show them. */
export const headlineIndices: readonly FeaturedInstrument[] = [
  { code: '000001.SH', name: '上证指数' },
  { code: '399001.SZ', name: '深证成指' },
  { code: '399006.SZ', name: '创业板指' },
  { code: '000300.SH', name: '沪深300' },
  { code: '000688.SH', name: '科创50' },
  { code: 'HSI.HI', name: '恒生指数' },
];

/** Well-known broad and sector ETFs the ETF tab shows live. */
export const hotEtfs: readonly FeaturedInstrument[] = [
  { code: '510300.SH', name: '沪深300ETF' },
  { code: '510050.SH', name: '上证50ETF' },
  { code: '159915.SZ', name: '创业板ETF' },
  { code: '588000.SH', name: '科创50ETF' },
  { code: '512880.SH', name: '证券ETF' },
  { code: '512480.SH', name: '半导体ETF' },
  { code: '510500.SH', name: '中证500ETF' },
];
