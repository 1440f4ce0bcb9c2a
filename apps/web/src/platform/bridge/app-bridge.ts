import { currentEnvironment } from '../environment.ts';
import { createHostRequests, type HostRequests } from './host-requests.ts';
import { nativeBridge } from './native-bridge.ts';
import { type PayOrder, type PayOutcome, pay } from './payments.ts';

// The toast and the notice dialog load only when a message is shown: most pages never need them
// from here, and neither belongs in the first paint.
function toastMessage(message: string): void {
  void import('../../ui/toast/toast.ts').then(({ toast }) => toast(message)).catch(() => undefined);
}

function noticeMessage(message: string): void {
  void import('../../ui/notice-dialog/show-notice.tsx')
    .then(({ showNotice }) => showNotice(message))
    .catch(() => undefined);
}

/** The host-app requests of spec 1 §7 on the page's bridge, with toasts for the §8 messages. */
export const hostRequests: HostRequests = createHostRequests(nativeBridge, toastMessage);

/** Starts a native payment on this device (spec 1 §7), with the iOS failure notice of §8. */
export function payInApp(order: PayOrder): Promise<PayOutcome> {
  return pay(nativeBridge, currentEnvironment().device, order, noticeMessage);
}
