import { useState } from 'react';
import { useEndpointMutation } from '../../../platform/query/endpoint-query.ts';
import { Dialog } from '../../../ui/antd/index.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates } from '../../../ui/section/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import { userGroupsOf, useWatchlistGroups, type WatchlistGroup } from '../api/watchlist-groups.ts';
import { ReorderList } from '../components/reorder-list.tsx';
import { reportFailure } from '../watchlist-errors.ts';
import './watchlist-pages.css';

/** /favoriteManagerGroup — create, rename, delete and reorder the user's groups (全部 stays first). */
export default function FavoriteManagerGroupPage() {
  const groups = useWatchlistGroups();
  return (
    <>
      <PageHeader title="管理分组" />
      <main className="watchlist-page">
        <NewGroupForm />
        <QueryStates
          query={groups}
          skeletonLines={4}
          skeletonTestId="groups-skeleton"
          errorText="分组加载失败，请检查网络后重试"
          isEmpty={(data) => userGroupsOf(data).length === 0}
          emptyText="还没有分组，在上方新建一个吧"
        >
          {(data) => <GroupList groups={userGroupsOf(data)} />}
        </QueryStates>
        <p className="watchlist-note">
          “全部”包含所有自选，不能改名或删除；删除分组后，其中的证券仍在“全部”里。
        </p>
      </main>
    </>
  );
}

function NewGroupForm() {
  const [name, setName] = useState('');
  const add = useEndpointMutation('watchlist.addOptGroup');
  return (
    <form
      className="watchlist-form watchlist-card"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate(
          { name: name.trim(), optType: 'normal' },
          {
            onSuccess: (group) => {
              toast.success(`已新建分组${group.name}`);
              setName('');
            },
            onError: (error) => reportFailure(error, '新建分组失败'),
          },
        );
      }}
    >
      <label>
        新建分组
        <input
          placeholder="分组名称，最多12个字"
          maxLength={12}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <button type="submit" className="button button--primary" disabled={name.trim() === '' || add.isPending}>
        新建
      </button>
    </form>
  );
}

function GroupList({ groups }: { groups: WatchlistGroup[] }) {
  // The order being arranged, by id, over the latest groups (a rename shows at once); null: the saved one.
  const [orderIds, setOrderIds] = useState<number[] | null>(null);
  const order = orderIds
    ? [
        ...orderIds.flatMap((id) => groups.filter((group) => group.id === id)),
        ...groups.filter((group) => !orderIds.includes(group.id)),
      ]
    : groups;
  const sortGroups = useEndpointMutation('watchlist.sortOptGroup');
  const rename = useEndpointMutation('watchlist.renameOptGroup');
  const remove = useEndpointMutation('watchlist.delOptGroup');
  const changed = order.some((group, index) => group.id !== groups[index]?.id);

  const askRename = async (group: WatchlistGroup) => {
    let next = group.name;
    const confirmed = await Dialog.confirm({
      title: '重命名分组',
      content: (
        <input
          aria-label="分组名称"
          className="watchlist-dialog-input"
          defaultValue={group.name}
          maxLength={12}
          onChange={(event) => {
            next = event.target.value;
          }}
        />
      ),
      confirmText: '保存',
      cancelText: '取消',
    });
    if (!confirmed || next.trim() === '' || next.trim() === group.name) return;
    rename.mutate(
      { groupId: group.id, name: next.trim() },
      { onSuccess: () => toast.success('已重命名'), onError: (error) => reportFailure(error, '重命名失败') },
    );
  };
  const askDelete = async (group: WatchlistGroup) => {
    const confirmed = await Dialog.confirm({
      content: `删除分组“${group.name}”？其中的 ${group.count} 只证券仍保留在“全部”中。`,
      confirmText: '删除',
      cancelText: '取消',
    });
    if (!confirmed) return;
    remove.mutate(
      { groupId: group.id },
      {
        onSuccess: () => toast.success('已删除分组'),
        onError: (error) => reportFailure(error, '删除分组失败'),
      },
    );
  };

  return (
    <section className="watchlist-card" aria-label="我的分组">
      <ReorderList
        label="分组顺序"
        items={order}
        keyOf={(group) => String(group.id)}
        labelOf={(group) => group.name}
        onChange={(next) => setOrderIds(next.map((group) => group.id))}
        tools={(group) => (
          <>
            <button
              type="button"
              className="watchlist-list__tool"
              aria-label={`重命名${group.name}`}
              onClick={() => void askRename(group)}
            >
              改名
            </button>
            <button
              type="button"
              className="watchlist-list__tool"
              aria-label={`删除${group.name}`}
              onClick={() => void askDelete(group)}
            >
              删除
            </button>
          </>
        )}
      >
        {(group) => (
          <>
            <span>{group.name}</span>
            <span className="watchlist-list__sub">{group.count} 只</span>
          </>
        )}
      </ReorderList>
      <div className="watchlist-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!changed || sortGroups.isPending}
          onClick={() =>
            sortGroups.mutate(
              { groupIds: order.map((group) => group.id) },
              {
                onSuccess: () => {
                  toast.success('分组顺序已保存');
                  setOrderIds(null);
                },
                onError: (error) => reportFailure(error, '保存顺序失败'),
              },
            )
          }
        >
          保存顺序
        </button>
      </div>
    </section>
  );
}
