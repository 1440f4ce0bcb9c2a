import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { applyNavigationEffects } from './navigation-effects.ts';

/** Runs the navigation side effects once per location (the first one counts as a page load). */
export function useNavigationEffects(): void {
  const { key, pathname, search } = useLocation();
  const navigationType = useNavigationType();
  const handledKey = useRef<string | null>(null);

  useEffect(() => {
    // location.key changes exactly once per navigation, even to the same URL; the check also keeps
    // StrictMode's second effect run from counting the same navigation twice.
    if (handledKey.current === key) return;
    const action = handledKey.current === null ? 'LOAD' : navigationType;
    handledKey.current = key;
    applyNavigationEffects({ pathname, search, href: window.location.href }, action);
  }, [key, pathname, search, navigationType]);
}
