import { useState } from 'react';
import { useEndpointMutation } from '../../../platform/query/endpoint-query.ts';
import { Sheet } from '../../../ui/sheet/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import { useGroupIds } from '../api/group-ids.ts';
import { defaultGroupOf, userGroupsOf, type WatchlistGroup } from '../api/watchlist-groups.ts';
import { tellNativeApp } from '../native-watchlist.ts';
import { reportFailure } from '../watchlist-errors.ts';
import { GroupPicker } from './group-picker.tsx';

const groupNames = (groups: readonly WatchlistGroup[], ids: Iterable<number>) => {
  const wanted = new Set(ids);
  return groups.filter((group) => wanted.has(group.id)).map((group) => group.name);
};

/** The picker sheet: which of the user's groups hold the instrument, and 删除自选. */
export default function GroupSheet({
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
