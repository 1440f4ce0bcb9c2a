import type { DatasOf, screenerEndpoints } from '@zhicai/contract';
import { requireInstrument, stockTypes } from '../../../market/instrument-lookup.ts';
import type { Market } from '../../../market/market.ts';
import {
  type ClosePoint,
  closesOf,
  profitGrowth,
  valuationHistory,
  valuationWindow,
  withLiveClose,
} from '../../stock/valuation.ts';
import { type DiagnosisFigures, diagnosisComments, diagnosisScores } from './diagnosis.ts';

/** The mean of the last `days` closes; null with fewer. */
function movingAverage(closes: readonly ClosePoint[], days: number): number | null {
  if (closes.length < days) return null;
  let sum = 0;
  for (const point of closes.slice(-days)) sum += point.close;
  return sum / days;
}

/**
 * Gathers a stock's diagnosis figures from the database and the live quote: the fundamentals
 * (TTM revenue and profit, equity, gross margin) as 同行业对比 reads them, the latest balance sheet,
 * the PE percentile as stockBaseInfo computes it, and the moving averages of the stored closes.
 */
export function createDiagnosisService(market: Pick<Market, 'directory' | 'engine' | 'repositories'>) {
  const { directory, engine, repositories } = market;

  async function figures(code: string): Promise<DiagnosisFigures> {
    const instrument = requireInstrument(directory, code, stockTypes, '股票');
    const quote = engine.quote(instrument.code);
    const [reports, bars] = await Promise.all([
      repositories.companyReports.listFundamentals(instrument.code),
      repositories.series.readSeries(instrument.code, 'day'),
    ]);
    const latest = reports.at(-1);
    const yearAgo = reports.at(-5);
    const statements = latest
      ? await repositories.statements.readPeriods(instrument.code, [latest.period])
      : new Map();
    const document = latest ? statements.get(latest.period) : undefined;
    const assets = document?.balance?.TOT_ASSETS;
    const liabilities = document?.balance?.TOT_LIAB;
    const closes = withLiveClose(closesOf(bars), quote);
    const peWindow = instrument.totalShares
      ? valuationWindow(valuationHistory(closes, reports, instrument.totalShares, 'pe'), '5Y')
      : null;
    const last60 = closes.at(-61);
    const price = closes.at(-1)?.close ?? null;
    return {
      revenueYoy:
        latest && yearAgo && yearAgo.revenue_ttm > 0 ? latest.revenue_ttm / yearAgo.revenue_ttm - 1 : null,
      profitYoy: profitGrowth(reports),
      netProfit: latest?.net_profit_ttm ?? null,
      grossMargin: latest?.gross_margin ?? null,
      netMargin: latest && latest.revenue_ttm > 0 ? latest.net_profit_ttm / latest.revenue_ttm : null,
      roe: latest && latest.equity > 0 ? latest.net_profit_ttm / latest.equity : null,
      debtRatio: assets && liabilities !== undefined && assets > 0 ? liabilities / assets : null,
      isFinance: document?.isFinance ?? false,
      pe: quote?.pe ?? null,
      pePercentile: peWindow && peWindow.current !== null ? peWindow.currentPercentile : null,
      price,
      ma20: movingAverage(closes, 20),
      ma60: movingAverage(closes, 60),
      ma250: movingAverage(closes, 250),
      return60: last60 && price !== null && last60.close > 0 ? price / last60.close - 1 : null,
    };
  }

  return {
    figures,
    async diagnose(code: string): Promise<DatasOf<typeof screenerEndpoints.vipData>> {
      const values = await figures(code);
      return { score1: diagnosisScores(values), comment_new: diagnosisComments(values) };
    },
  };
}

export type DiagnosisService = ReturnType<typeof createDiagnosisService>;
