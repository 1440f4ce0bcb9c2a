import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates } from '../../../ui/section/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import { defaultGroupOf, useWatchlistGroups } from '../api/watchlist-groups.ts';
import { useWatchlistMembers, type WatchlistMember } from '../api/watchlist-members.ts';
import { useSortItems } from '../api/watchlist-writes.ts';
import { ReorderList } from '../components/reorder-list.tsx';
import { reportFailure } from '../watchlist-errors.ts';
import './watchlist-pages.css';

/** /sort?groupId= — drag a group's instruments into the order the list shows by default. */
export default function SortPage() {
  const [params] = useSearchParams();
  const groupParam = Number(params.get('groupId'));
  const groupId = Number.isInteger(groupParam) && groupParam > 0 ? groupParam : undefined;
  const groups = useWatchlistGroups();
  const members = useWatchlistMembers(groupId);
  const group =
    groupId === undefined ? defaultGroupOf(groups.data) : groups.data?.find((g) => g.id === groupId);
  return (
    <>
      <PageHeader title="自选排序" />
      <main className="watchlist-page">
        {group ? <p className="watchlist-note">分组：{group.name}</p> : null}
        <QueryStates
          query={members}
          skeletonLines={8}
          skeletonTestId="sort-skeleton"
          errorText="自选加载失败，请检查网络后重试"
          isEmpty={(data) => data.items.length === 0}
          emptyText="这个分组还没有证券"
        >
          {(data) => <SortList groupId={data.groupId} items={data.items} />}
        </QueryStates>
      </main>
    </>
  );
}

function SortList({ groupId, items }: { groupId: number; items: WatchlistMember[] }) {
  const navigate = useNavigate();
  const [order, setOrder] = useState(items);
  const save = useSortItems();
  const changed = order.some((item, index) => item.code !== items[index]?.code);
  return (
    <section className="watchlist-card" aria-label="自选顺序">
      <ReorderList
        label="证券顺序"
        items={order}
        keyOf={(item) => item.code}
        labelOf={(item) => item.name}
        onChange={setOrder}
      >
        {(item) => (
          <>
            <span>
              {item.pinned ? <span className="watchlist-row__pin">顶</span> : null}
              {item.name}
            </span>
            <span className="watchlist-list__sub">{item.code}</span>
          </>
        )}
      </ReorderList>
      <p className="watchlist-note">置顶的证券始终排在最前；拖动 ≡ 或用箭头调整顺序。</p>
      <div className="watchlist-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!changed || save.isPending}
          onClick={() =>
            save.mutate(
              { groupId, codes: order.map((item) => item.code) },
              {
                onSuccess: () => {
                  toast.success('顺序已保存');
                  void navigate(-1);
                },
                onError: (error) => reportFailure(error, '保存顺序失败'),
              },
            )
          }
        >
          保存
        </button>
      </div>
    </section>
  );
}
