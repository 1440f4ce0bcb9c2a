import { useEndpointMutation } from '../../../platform/query/endpoint-query.ts';

/** Takes the one free trial (GET /api/v2/user/receiveVip); the user's level shows it at once. */
export function useReceiveVip() {
  return useEndpointMutation('member.receiveVip', { invalidates: ['user'] });
}
