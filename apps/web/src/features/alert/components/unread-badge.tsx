import { useLocalState } from '../../../platform/session/local-store.ts';
import { useUnreadCount } from '../api/unread-count.ts';
import '../alert.css';

/** Unread messages as a small red count (我的 page); nothing when none or signed out. */
export function UnreadBadge() {
  const signedIn = useLocalState((state) => state.token !== null);
  const { data } = useUnreadCount(signedIn);
  const total = data?.total ?? 0;
  if (!signedIn || total === 0) return null;
  return (
    <span className="unread-badge" role="status" aria-label={`${total} 条未读消息`}>
      {total > 99 ? '99+' : total}
    </span>
  );
}
