import { currentEnvironment } from '../../platform/environment.ts';
import { navigateTo } from '../../platform/navigation.ts';
import { localStore } from '../../platform/session/local-store.ts';
import { sendToLogin } from '../../platform/session/login-redirect.ts';
import { sessionStore } from '../../platform/session/session-store.ts';
import { brokerAction, type TradeCode } from './broker-link.ts';

function signedInUserId(): number | null {
  const local = localStore.getState();
  if (!local.token) return null;
  const id = local.user?.id ?? sessionStore.getState().userInfo?.id;
  return typeof id === 'number' ? id : null;
}

/** Carries out a tap on a broker link (see brokerAction for the rules). */
export async function openBrokerLink(trade: { tradeCode: TradeCode; stockCode?: string }, openType?: number) {
  const action = brokerAction(
    {
      environment: currentEnvironment(),
      userId: signedInUserId(),
      ip: sessionStore.getState().userIP,
      openType,
    },
    trade,
  );
  if (action.kind === 'toast') {
    const { toast } = await import('../../ui/toast/toast.ts');
    toast(action.message);
  } else if (action.kind === 'login') {
    sendToLogin();
  } else if (action.sameWindow) {
    navigateTo(action.url);
  } else {
    window.open(action.url, '_blank', 'noopener');
  }
}
