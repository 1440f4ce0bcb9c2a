import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Question } from '@zhicai/contract';
import {
  type EndpointData,
  endpointCursorQuery,
  endpointQuery,
  useEndpointMutation,
} from '../../../platform/query/endpoint-query.ts';

export type QuestionTopic = Question['topic'];
export type Topic = EndpointData<'community.topics'>[number];

/** Questions, newest first, of one topic or all (GET community/questionList). */
export function useQuestions(topic?: QuestionTopic) {
  return useInfiniteQuery(
    endpointCursorQuery('community.questionList', { ...(topic ? { topic } : {}), size: 20 }),
  );
}

/** A question and its answers (GET community/questionDetail): /SeekAdviceDetail. */
export function useQuestionDetail(id: number) {
  return useQuery({ ...endpointQuery('community.questionDetail', { id }), enabled: id > 0 });
}

/** Answers whose question or text holds the keyword (GET community/searchAnswer). */
export function useSearchAnswers(keyword: string) {
  return useInfiniteQuery({
    ...endpointCursorQuery('community.searchAnswer', { keyword, size: 20 }),
    enabled: keyword.trim() !== '',
  });
}

/** The topics of 专题 with their counts (GET community/topics). */
export const topicsQueryOptions = endpointQuery('community.topics', undefined, { staleTime: 5 * 60_000 });

export function useTopics() {
  return useQuery(topicsQueryOptions);
}

/** Asks a question (POST community/ask). */
export function useAsk() {
  return useEndpointMutation('community.ask');
}

/** Answers a question (POST community/answer). */
export function useAnswer() {
  return useEndpointMutation('community.answer');
}

/** The WeChat group to join (GET community/group): /weChatGroup. */
export function useWechatGroup() {
  return useQuery(endpointQuery('community.group', undefined, { staleTime: 30 * 60_000 }));
}
