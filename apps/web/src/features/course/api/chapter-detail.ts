import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/**
 * One chapter's lesson and its questions without answers (GET course/chapterDetail). Only asked for
 * an open chapter: the pages read the lock from the chapter list first, so a locked chapter shows
 * 开通会员解锁 instead of a refused call.
 */
export function useChapterDetail(chapterId: number, enabled = true) {
  return useQuery({
    ...endpointQuery('course.chapterDetail', { chapterId }),
    enabled: enabled && chapterId > 0,
  });
}
