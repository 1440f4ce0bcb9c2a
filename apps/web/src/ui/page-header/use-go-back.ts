import { href } from '@zhicai/contract';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Goes back one page. The first page of a visit (a shared link, a fresh tab) has nothing in the
 * app to go back to, and going back would leave the app, so it goes to the home page instead. The
 * router gives that first entry the key 'default'.
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key === 'default') void navigate(href('home'), { replace: true });
    else void navigate(-1);
  }, [key, navigate]);
}
