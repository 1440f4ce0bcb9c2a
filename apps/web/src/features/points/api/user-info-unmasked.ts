import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/**
 * spec 2 §7.3: the new-user page asks userinfo with action=notMsk (the bound phone unmasked, shown
 * on the 绑定手机 task). Keyed in the user group, so a phone binding reloads it.
 */
export const unmaskedUserInfoQueryOptions = endpointQuery('user.userinfo', { source: '1', action: 'notMsk' });

export function useUnmaskedUserInfo(enabled: boolean) {
  return useQuery({ ...unmaskedUserInfoQueryOptions, enabled });
}
