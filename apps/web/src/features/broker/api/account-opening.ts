import { useQuery } from '@tanstack/react-query';
import type { AccountOpening } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';

/**
 * The user's account-opening application (POST /api/v2/broker/openAccount/init, contract
 * broker.ts). The call opens one at the broker or resumes the one in progress, so asking again
 * is safe; it is asked once per login while the page is open (`enabled` false skips it: a visitor,
 * or WeChat, where the broker is reached through the official account).
 */
export function useAccountOpening(token: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['broker', 'openAccount', token],
    queryFn: (): Promise<AccountOpening> => request('broker.openAccountInit', {}),
    enabled: token !== null && enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
