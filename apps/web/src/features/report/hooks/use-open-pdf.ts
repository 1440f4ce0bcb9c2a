import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { nativeBridge } from '../../../platform/bridge/native-bridge.ts';
import { currentEnvironment } from '../../../platform/environment.ts';
import { pdfOpening } from '../report-rules.ts';

/** How long the app may take to answer appInfo before the page decides without it. */
const appInfoTimeoutMs = 2000;

/**
 * Opens the original report PDF (spec 2 §2.1 "PDF entry"): the web viewer on the web; inside the
 * app, appInfo first, then padTo on a new enough iPad, a new window on iPhone, the viewer elsewhere.
 * The app gets an absolute address: a relative one means nothing outside this page.
 */
export function useOpenPdf(): (pdf: string) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (pdf: string) => {
      const environment = currentEnvironment();
      let appInfo = null;
      if (environment.inNativeApp) {
        const answer = await nativeBridge.call('appInfo', undefined, { timeoutMs: appInfoTimeoutMs });
        appInfo = answer.ok ? answer.value : null;
      }
      const opening = pdfOpening(pdf, {
        inNativeApp: environment.inNativeApp,
        device: environment.device,
        appInfo,
      });
      const absolute = new URL(pdf, window.location.href).href;
      switch (opening.kind) {
        case 'padTo':
          await nativeBridge.call('padTo', { pdf: absolute });
          return;
        case 'newWindow':
          window.open(absolute, '_blank');
          return;
        case 'viewer':
          await navigate(opening.href);
          return;
      }
    },
    [navigate],
  );
}
