import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';

export type FinancialReport = DatasOf<typeof api.report.finreportQuick>;

/**
 * A company's three statements for one report period (GET /api/v3/details/finreportQuick, spec 2
 * §7.1): `code` with the dot ('600519.SH'), `reportPeriod` as 'YYYYMMDD'. Published statements do
 * not change, so a loaded period stays fresh for an hour; pull-to-refresh still refetches.
 */
export function finreportQuickQueryOptions(code: string, reportPeriod: string) {
  return queryOptions({
    queryKey: ['report', 'finreportQuick', code, reportPeriod],
    queryFn: ({ signal }): Promise<FinancialReport> =>
      request('report.finreportQuick', { code, reportPeriod }, { signal }),
    staleTime: 60 * 60 * 1000,
  });
}

export function useFinreportQuick(code: string, reportPeriod: string) {
  return useQuery(finreportQuickQueryOptions(code, reportPeriod));
}
