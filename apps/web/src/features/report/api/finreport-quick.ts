import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type FinancialReport = EndpointData<'report.finreportQuick'>;

/**
 * A company's three statements for one report period (GET /api/v3/details/finreportQuick, spec 2
 * §7.1): `code` with the dot ('600519.SH'), `reportPeriod` as 'YYYYMMDD'. Published statements do
 * not change, so a loaded period stays fresh for an hour; pull-to-refresh still refetches.
 */
export function finreportQuickQueryOptions(code: string, reportPeriod: string) {
  return endpointQuery('report.finreportQuick', { code, reportPeriod }, { staleTime: 60 * 60 * 1000 });
}

export function useFinreportQuick(code: string, reportPeriod: string) {
  return useQuery(finreportQuickQueryOptions(code, reportPeriod));
}
