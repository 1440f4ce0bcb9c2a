import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useEndpointMutation } from '../../../platform/query/endpoint-query.ts';
import { loginUrl } from '../../../platform/session/login-redirect.ts';
import { useFollowedCodes } from '../api/followed-codes.ts';
import { defaultGroupOf, userGroupsOf, useWatchlistGroups } from '../api/watchlist-groups.ts';
import { useSignedIn } from '../hooks/use-signed-in.ts';
import { tellNativeApp } from '../native-watchlist.ts';
import './watchlist-button.css';

// The picker, its sheet and the toasts load on the first tap: the button sits on every detail page,
// whose own first paint should not wait for them.
const GroupSheet = lazy(() => import('./group-sheet.tsx'));
const toastModule = () => import('../../../ui/toast/toast.ts');
const errorsModule = () => import('../watchlist-errors.ts');

export interface WatchlistButtonProps {
  /** The instrument, code.exchange (600519.SH). */
  code: string;
  /** Its name, for the toast and the native app. */
  name?: string | undefined;
  /**
   * `dock`: the floating button of a detail page, bottom right; `inline`: the small button of a row
   * in search results or a ranking.
   */
  variant?: 'dock' | 'inline';
}

/**
 * 加自选 / 已自选 (issue 16 item 9). Signed out, a tap goes to login and back. 加自选 adds the
 * instrument to 全部 and, when the user has groups, opens the group picker; 已自选 opens the picker
 * with 删除自选.
 */
export function WatchlistButton({ code, name, variant = 'dock' }: WatchlistButtonProps) {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const followed = useFollowedCodes();
  const isFollowed = followed.data?.includes(code) ?? false;
  const [open, setOpen] = useState(false);
  const groups = useWatchlistGroups(signedIn);
  const add = useEndpointMutation('watchlist.addOptional', { invalidates: ['market'] });
  const label = name ?? code;

  const onClick = () => {
    if (!signedIn) {
      void navigate(loginUrl(`${location.pathname}${location.search}`));
      return;
    }
    if (isFollowed) {
      setOpen(true);
      return;
    }
    add.mutate(
      { code },
      {
        onSuccess: () => {
          void toastModule().then(({ toast }) => toast.success(`已将${label}加入自选`));
          tellNativeApp('add', code, [defaultGroupOf(groups.data)?.name ?? '全部']);
          if (userGroupsOf(groups.data).length > 0) setOpen(true);
        },
        onError: (error) =>
          void errorsModule().then(({ reportFailure }) => reportFailure(error, '加自选失败，请稍后再试')),
      },
    );
  };

  return (
    <>
      <button
        type="button"
        className={`watchlist-button watchlist-button--${variant}${isFollowed ? ' watchlist-button--on' : ''}`}
        aria-pressed={isFollowed}
        aria-label={isFollowed ? `已自选：${label}` : `加自选：${label}`}
        disabled={add.isPending}
        onClick={onClick}
      >
        {isFollowed ? '已自选' : variant === 'dock' ? '+ 加自选' : '+自选'}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <GroupSheet code={code} label={label} groups={groups.data ?? []} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
