import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../../platform/query/endpoint-query.ts';

/** The institutions with reports, for the institution filter (GET /api/v2/report/researchInstitutions). */
export const researchInstitutionsOptions = endpointQuery('content.researchInstitutions', undefined, {
  staleTime: 30 * 60 * 1000,
});

export function useResearchInstitutions() {
  return useQuery(researchInstitutionsOptions);
}
