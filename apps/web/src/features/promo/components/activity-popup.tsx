import { popupPages, type TempPopup } from '@zhicai/contract';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { registerNavigationOverlay } from '../../../ui/navigation-overlays.ts';
import { type PopupPage, usePopup } from '../api/get-popup.ts';
import { dismissPopup, isPopupDismissed } from '../dismissed-popups.ts';
import { popupTapAction } from '../popup-action.ts';
import './activity-popup.css';

/** spec 1 §9: the popup closes with a 300 ms fade. */
export const popupFadeMs = 300;

const pages: readonly string[] = popupPages;
const asPopupPage = (pathname: string): PopupPage | null =>
  pages.includes(pathname) ? (pathname as PopupPage) : null;

/**
 * The activity popup of spec 1 §2, on the five popup pages. It appears once its image has loaded
 * (never as an empty frame); a closed activity is remembered so it does not come back on every
 * visit; leaving the page closes it.
 */
export function ActivityPopup({ pathname }: { pathname: string }) {
  const page = asPopupPage(pathname);
  const { data: popup } = usePopup(page);
  const [shown, setShown] = useState<TempPopup | null>(null);
  const [handled, setHandled] = useState<readonly number[]>([]);

  if (page && popup && !shown && !handled.includes(popup.id) && !isPopupDismissed(popup.id)) {
    // Derived during render so the popup does not wait for an extra commit.
    setShown(popup);
  }
  if (!shown) return null;
  return (
    <PopupOverlay
      key={shown.id}
      popup={shown}
      onClosed={() => {
        setHandled((ids) => [...ids, shown.id]);
        setShown(null);
      }}
    />
  );
}

type Phase = 'loading' | 'open' | 'closing';

function PopupOverlay({ popup, onClosed }: { popup: TempPopup; onClosed(): void }) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('loading');
  const closeButton = useRef<HTMLButtonElement>(null);

  const close = () => {
    dismissPopup(popup.id);
    setPhase('closing');
  };

  // Callbacks that outlive a render (the navigation registry, the fade timer) read the latest ones.
  const latest = useRef({ close, onClosed });
  useLayoutEffect(() => {
    latest.current = { close, onClosed };
  });

  useEffect(() => registerNavigationOverlay(() => latest.current.close()), []);

  useEffect(() => {
    if (phase === 'open') closeButton.current?.focus();
    if (phase !== 'closing') return;
    const timer = window.setTimeout(() => latest.current.onClosed(), popupFadeMs);
    return () => window.clearTimeout(timer);
  }, [phase]);

  const onTap = () => {
    const action = popupTapAction(popup.url);
    close();
    if (action.kind === 'open') window.open(action.url, '_blank', 'noopener');
    if (action.kind === 'navigate') void navigate(action.to);
  };

  return (
    <div
      className={`activity-popup activity-popup--${phase}`}
      role="dialog"
      aria-modal="true"
      aria-label="活动"
      aria-hidden={phase === 'loading'}
      data-popup-id={popup.id}
    >
      <div className="activity-popup__body">
        <button
          type="button"
          className="activity-popup__image-button"
          onClick={onTap}
          disabled={phase !== 'open'}
        >
          <img
            className="activity-popup__image"
            src={popup.activityImg}
            alt="活动详情"
            onLoad={() => setPhase((current) => (current === 'loading' ? 'open' : current))}
            // A broken image is not shown; the activity is not marked seen, so it can come back.
            onError={() => latest.current.onClosed()}
          />
        </button>
        <button
          ref={closeButton}
          type="button"
          className="activity-popup__close"
          onClick={close}
          aria-label="关闭"
          disabled={phase !== 'open'}
        >
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
            <circle cx="16" cy="16" r="15" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M11 11l10 10M21 11L11 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </div>
  );
}
