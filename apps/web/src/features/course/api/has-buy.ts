import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/** Whether the reader may open every chapter of a course, and why (GET course/hasBuy). */
export function useHasBuy(courseId: number) {
  return useQuery({ ...endpointQuery('course.hasBuy', { courseId }), enabled: courseId > 0 });
}
