import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/** A course with its chapters, lock state and the reader's progress (GET course/chapterList). */
export function useChapterList(courseId: number) {
  return useQuery({ ...endpointQuery('course.chapterList', { courseId }), enabled: courseId > 0 });
}
