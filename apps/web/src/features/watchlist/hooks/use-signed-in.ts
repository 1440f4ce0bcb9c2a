import { useLocalState } from '../../../platform/session/local-store.ts';

/** Whether a user is signed in on this device (a token is kept), as the 我的 page tells it. */
export function useSignedIn(): boolean {
  return useLocalState((state) => state.token) !== null;
}
