import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { hostRequests } from '../../../platform/bridge/index.ts';
import { isInNativeApp } from '../../../platform/environment.ts';
import { useEndpointMutation } from '../../../platform/query/endpoint-query.ts';
import { loginUrl } from '../../../platform/session/login-redirect.ts';
import { Sheet } from '../../../ui/sheet/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import { useFollowedCodes } from '../api/followed-codes.ts';
import { useGroupIds } from '../api/group-ids.ts';
import {
  defaultGroupOf,
  userGroupsOf,
  useWatchlistGroups,
  type WatchlistGroup,
} from '../api/watchlist-groups.ts';
import { useSignedIn } from '../hooks/use-signed-in.ts';
import { reportFailure } from '../watchlist-errors.ts';
import { GroupPicker } from './group-picker.tsx';
import './watchlist-button.css';

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
 * Inside the native app its own watchlist is told too (spec 1 §7: add or delete a watchlist stock
 * with stockCode, exchange and GroupName), so the app's tab agrees with ours without a reload.
 */
function tellNativeApp(action: 'add' | 'delete', code: string, groups: readonly string[]): void {
  if (!isInNativeApp()) return;
  for (const groupName of groups) {
    void (action === 'add'
      ? hostRequests.addWatchlistStock(code, groupName)
      : hostRequests.deleteWatchlistStock(code, groupName));
  }
}

const groupNames = (groups: readonly WatchlistGroup[], ids: Iterable<number>) => {
  const wanted = new Set(ids);
  return groups.filter((group) => wanted.has(group.id)).map((group) => group.name);
};

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
          toast.success(`已将${label}加入自选`);
          tellNativeApp('add', code, [defaultGroupOf(groups.data)?.name ?? '全部']);
          if (userGroupsOf(groups.data).length > 0) setOpen(true);
        },
        onError: (error) => reportFailure(error, '加自选失败，请稍后再试'),
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
        <GroupSheet code={code} label={label} groups={groups.data ?? []} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

/** The picker sheet: which of the user's groups hold the instrument, and 删除自选. */
function GroupSheet({
  code,
  label,
  groups,
  onClose,
}: {
  code: string;
  label: string;
  groups: readonly WatchlistGroup[];
  onClose: () => void;
}) {
  const current = useGroupIds(code);
  const [selected, setSelected] = useState<Set<number> | null>(null);
  const userGroups = userGroupsOf(groups);
  const initial = new Set((current.data?.groupIds ?? []).filter((id) => userGroups.some((g) => g.id === id)));
  const chosen = selected ?? initial;
  const change = useEndpointMutation('watchlist.changeOpt', { invalidates: ['market'] });
  const remove = useEndpointMutation('watchlist.delOptional', { invalidates: ['market'] });

  const save = () => {
    change.mutate(
      { code, groupIds: [...chosen] },
      {
        onSuccess: () => {
          toast.success('分组已保存');
          tellNativeApp(
            'add',
            code,
            groupNames(
              userGroups,
              [...chosen].filter((id) => !initial.has(id)),
            ),
          );
          tellNativeApp(
            'delete',
            code,
            groupNames(
              userGroups,
              [...initial].filter((id) => !chosen.has(id)),
            ),
          );
          onClose();
        },
        onError: (error) => reportFailure(error, '保存分组失败'),
      },
    );
  };
  const unfollow = () => {
    remove.mutate(
      { code },
      {
        onSuccess: () => {
          toast.success(`已将${label}移出自选`);
          tellNativeApp('delete', code, [defaultGroupOf(groups)?.name ?? '全部']);
          onClose();
        },
        onError: (error) => reportFailure(error, '删除自选失败'),
      },
    );
  };

  return (
    <Sheet open onClose={onClose} title="选择分组">
      <div className="watchlist-sheet">
        <GroupPicker groups={userGroups} selected={chosen} onChange={setSelected} />
        <div className="watchlist-sheet__actions">
          <button type="button" className="button" onClick={unfollow} disabled={remove.isPending}>
            删除自选
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={save}
            disabled={change.isPending || current.isPending}
          >
            完成
          </button>
        </div>
      </div>
    </Sheet>
  );
}
