import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';

export type Diagnosis = EndpointData<'screener.vipData'>;

/** The stock diagnosis: three scores, highlights and risks (POST /api/v3/details/vipData). */
export function useDiagnosis(code: string) {
  return useQuery(endpointQuery('screener.vipData', { code }, { staleTime: 10 * 60 * 1000 }));
}
