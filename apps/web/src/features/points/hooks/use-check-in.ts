import { useLocalState } from '../../../platform/session/local-store.ts';
import { toast } from '../../../ui/toast/toast.ts';
import { usePointInfo } from '../api/point-info.ts';
import { useReceive } from '../api/receive.ts';
import { failureToast } from '../points-rules.ts';

/**
 * The check-in both layouts (/userIntegralPop and /userIntegralPopTwo) use: the user's points
 * info and the 签到 tap, which says what it earned. The write reloads the points group, so the
 * calendar, the balance and the 签到 prompt (hasSign) follow at once.
 */
export function useCheckIn() {
  const signedIn = useLocalState((state) => state.token !== null);
  const info = usePointInfo(signedIn);
  const receive = useReceive({
    onSuccess: (result) => {
      toast.success(`签到成功，+${result.points} 积分`);
    },
    onError: (error) => {
      const message = failureToast(error, '签到失败，请稍后再试');
      if (message) toast.error(message);
    },
  });
  return {
    signedIn,
    info,
    checkIn: () => receive.mutate({}),
    checkingIn: receive.isPending,
  };
}
