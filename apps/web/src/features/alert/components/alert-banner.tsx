import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { hostRequests } from '../../../platform/bridge/index.ts';
import { isInNativeApp } from '../../../platform/environment.ts';
import { invalidateGroups } from '../../../platform/query/endpoint-query.ts';
import { useLocalState } from '../../../platform/session/local-store.ts';
import type { AlertSocketMessage, QuoteSocket } from '../../../platform/socket/index.ts';
import { useQuoteSubscription } from '../../../platform/socket/index.ts';
import { messageTarget } from '../alert-rules.ts';
import '../alert.css';

/** How long a banner stays before it slides away by itself. */
export const bannerMs = 6000;

type AlertMessage = AlertSocketMessage['message'];

/**
 * A fired price alert while the app is open (issue 16 items 4 and 9): every alert refreshes the
 * message box and the unread counts; one the user wants shown appears as a banner at the top that
 * opens the instrument. Inside the native app it goes to the app instead, which shows its own.
 */
export function AlertBanner({ socket }: { socket?: QuoteSocket }) {
  const signedIn = useLocalState((state) => state.token !== null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [shown, setShown] = useState<AlertMessage | null>(null);
  const [inNativeApp] = useState(() => isInNativeApp());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useQuoteSubscription(
    [],
    (message) => {
      if (message.type !== 'alert') return;
      void invalidateGroups(queryClient, ['alert']);
      if (!message.banner) return;
      const { code, name, title, body } = message.message;
      if (inNativeApp && code && name) {
        void hostRequests.showPriceAlert({ code, name, title, body }).then((taken) => {
          if (!taken) setShown(message.message);
        });
        return;
      }
      setShown(message.message);
    },
    socket,
    { enabled: signedIn },
  );

  useEffect(() => {
    if (!shown) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setShown(null), bannerMs);
    return () => clearTimeout(timer.current);
  }, [shown]);

  if (!shown || !signedIn) return null;
  const open = () => {
    setShown(null);
    const target = messageTarget(shown);
    if (target) navigate(target);
  };
  return (
    <div className="alert-banner" role="alert">
      <button type="button" className="alert-banner__body" onClick={open}>
        <span className="alert-banner__tag">价格提醒</span>
        <strong className="alert-banner__title">{shown.title}</strong>
        <span className="alert-banner__text">{shown.body}</span>
      </button>
      <button
        type="button"
        className="alert-banner__close"
        aria-label="关闭提醒"
        onClick={() => setShown(null)}
      >
        ×
      </button>
    </div>
  );
}
