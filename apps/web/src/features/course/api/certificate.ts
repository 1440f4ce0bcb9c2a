import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/**
 * The reader's certificate of a course (GET course/getCertified). Asked for only once the chapter
 * list shows every chapter done; before that the page lists what is left instead of a refusal.
 */
export function useCertificate(courseId: number, enabled: boolean) {
  return useQuery({
    ...endpointQuery('course.getCertified', { courseId }),
    enabled: enabled && courseId > 0,
    retry: false,
  });
}
