import { useEndpointMutation } from '../../../platform/query/endpoint-query.ts';

/** Records how far a chapter has been read; the server keeps the furthest (POST course/userWatch). */
export function useUserWatch() {
  return useEndpointMutation('course.userWatch');
}
