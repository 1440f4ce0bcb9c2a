import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';
import { plateStaleTime } from './plate-stale-time.ts';

export type IndustryAnalysis = EndpointData<'market.industryAnalysis'>;

/** 行业分析: valuation percentiles, amount trend and share, breadth (GET /api/v3/appMarket/industryAnalysis). */
export function industryAnalysisQueryOptions(code: string) {
  return endpointQuery('market.industryAnalysis', { code }, { staleTime: plateStaleTime });
}

export function useIndustryAnalysis(code: string) {
  return useQuery(industryAnalysisQueryOptions(code));
}
