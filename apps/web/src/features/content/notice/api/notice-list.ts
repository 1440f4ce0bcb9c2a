import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { NoticeType } from '@zhicai/contract';
import {
  type EndpointData,
  endpointCursorQuery,
  endpointQuery,
} from '../../../../platform/query/endpoint-query.ts';

export type NoticePage = EndpointData<'content.noticeList'>;
export type Notice = NoticePage['list'][number];

// Announcements come out a few times a day at most.
const noticeStaleTime = 5 * 60 * 1000;

/** A stock's or the market's announcements, 20 a page by cursor (GET /api/v2/notice/list). */
export function noticeListOptions(code: string | undefined, type: NoticeType | undefined) {
  return endpointCursorQuery(
    'content.noticeList',
    { size: 20, ...(code ? { code } : {}), ...(type ? { type } : {}) },
    { staleTime: noticeStaleTime },
  );
}

export function useNoticeList(code: string | undefined, type: NoticeType | undefined) {
  return useInfiniteQuery(noticeListOptions(code, type));
}

/** The latest few of a stock, for its detail page's 公告 section. */
export function latestNoticesOptions(code: string, size: number, type?: NoticeType) {
  return endpointQuery(
    'content.noticeList',
    { code, size, ...(type ? { type } : {}) },
    { staleTime: noticeStaleTime },
  );
}

export function useLatestNotices(code: string, size = 3, type?: NoticeType) {
  return useQuery(latestNoticesOptions(code, size, type));
}
