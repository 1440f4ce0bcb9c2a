import { useEndpointMutation } from '../../../platform/query/endpoint-query.ts';

/**
 * Creates (or reuses) the order and answers how to pay (GET /api/v2/wx/pay). A GET, as the spec
 * gives it, yet a write: it runs only when the user taps the pay button, never as a cached query.
 */
export function usePay() {
  return useEndpointMutation('member.pay');
}
