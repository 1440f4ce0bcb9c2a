import { useQuery } from '@tanstack/react-query';
import type { CourseType } from '@zhicai/contract';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/** Courses of one category, or those matching a keyword, with the reader's progress (GET course/list). */
export function courseListQueryOptions(filter: { type?: CourseType; keyword?: string } = {}) {
  return endpointQuery('course.list', filter, { staleTime: 60_000 });
}

export function useCourseList(filter: { type?: CourseType; keyword?: string } = {}, enabled = true) {
  return useQuery({ ...courseListQueryOptions(filter), enabled });
}
