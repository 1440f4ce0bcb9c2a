import { useEndpointMutation } from '../../../platform/query/endpoint-query.ts';

/** Submits a chapter's answers for grading (POST course/userAnswer). */
export function useUserAnswer() {
  return useEndpointMutation('course.userAnswer');
}
