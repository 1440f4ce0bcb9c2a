import { href, pathOf, type RouteEntry } from '@zhicai/contract';

/** Sample values for the :params of the route table (spec 2 §2.1 for the report preview). */
const sampleParams: Readonly<Record<string, string>> = {
  stock: '600519_SH',
  reportPeriod: '20240630',
  id: '1',
  articleId: '1',
  commId: '1',
};

/**
 * The instrument (or list) a keyed page is sampled with, by route name, and the name its page then
 * shows as its heading: detail pages are titled by the instrument, as in every Chinese quote app.
 */
export const sampleSubjects: Readonly<Record<string, { value: string; heading: string }>> = {
  stock: { value: '600519.SH', heading: '贵州茅台' },
  stockHk: { value: '00700.HK', heading: '腾讯控股' },
  indexStock: { value: '000300.SH', heading: '沪深300' },
  componentStockList: { value: '000300.SH', heading: '成分股' },
  etfDetails: { value: '510300.SH', heading: '沪深300ETF' },
  fundDetails: { value: '005827.OF', heading: '易方达蓝筹精选混合' },
  rankList_content: { value: 'stock-rise', heading: '涨幅榜' },
  // A column is headed by its name; the demo writes 每日收评 first.
  column: { value: '1', heading: '每日收评' },
  // Without a date the papers open the latest issue.
  dailyPaper: { value: '', heading: '投资日报' },
  dailyPape: { value: '', heading: '投资日报' },
  fundManager: { value: 'M1000', heading: '基金经理' },
  IndustryDetail: { value: '801080.ZSI', heading: '电子' },
  IndustryAnalysis: { value: '801080.ZSI', heading: '电子 · 行业分析' },
  tuyereDetails: { value: '884160.WI', heading: '风口 · 半导体' },
  IndustryGroupDetail: { value: 'tech', heading: '科技 · 行业分组' },
  IndustryGroupETF: { value: 'tech', heading: '科技 · 行业ETF' },
};

/**
 * Whole sample URLs for paths that need more than their params: the report preview of a period the
 * demo statements hold, and the PDF viewer with that report's file (e2e/report.e2e.ts opens it).
 */
export const samplePaths: Record<string, string> = {
  [pathOf('financialReportPreview')]: href('financialReportPreview', {
    stock: '600519_SH',
    reportPeriod: '20231231',
  }),
  [pathOf('pdf')]: href('pdf', { file: '/files/report/600519.SH/20231231.pdf' }),
};

/** A visitable URL for a route path: params filled in, and a code for keyed detail pages. */
export function sampleUrl(path: string, entry: RouteEntry): string {
  const whole = samplePaths[path];
  if (whole) return whole;
  const filled = path.replace(/:(\w+)/g, (_, name: string) => sampleParams[name] ?? '1');
  const key = entry.keys?.[0];
  return key ? `${filled}?${key}=${sampleSubjects[entry.name]?.value ?? '600519.SH'}` : filled;
}
