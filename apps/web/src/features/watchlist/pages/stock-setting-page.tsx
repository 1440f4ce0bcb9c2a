import { href } from '@zhicai/contract';
import { formatQuotePrice } from '@zhicai/domain';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useEndpointMutation } from '../../../platform/query/endpoint-query.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { SectionEmpty, SectionError, SectionSkeleton } from '../../../ui/section/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import { useGroupIds } from '../api/group-ids.ts';
import { userGroupsOf, useWatchlistGroups } from '../api/watchlist-groups.ts';
import { useWatchlistMembers, type WatchlistMember } from '../api/watchlist-members.ts';
import { GroupPicker } from '../components/group-picker.tsx';
import { WatchlistButton } from '../components/watchlist-button.tsx';
import { reportFailure } from '../watchlist-errors.ts';
import './watchlist-pages.css';

/** /StockSetting?code= — one followed instrument: its groups, remark, holding and add date. */
export default function StockSettingPage() {
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim().toUpperCase();
  const members = useWatchlistMembers(undefined);
  const item = members.data?.items.find((entry) => entry.code === code);
  return (
    <>
      <PageHeader title="自选设置" />
      <main className="watchlist-page">
        {code === '' ? (
          <SectionEmpty>未指定证券</SectionEmpty>
        ) : members.isPending ? (
          <SectionSkeleton lines={6} testId="stock-setting-skeleton" />
        ) : members.isError ? (
          <SectionError
            message="自选加载失败，请检查网络后重试"
            onRetry={members.refetch}
            retrying={members.isRefetching}
          />
        ) : !item ? (
          <section className="favorite-empty" aria-label="未自选">
            <p className="favorite-empty__title">{code} 还不在自选中</p>
            <WatchlistButton code={code} variant="inline" />
          </section>
        ) : (
          <ItemSettings key={item.code} item={item} />
        )}
      </main>
    </>
  );
}

function positiveOrNull(text: string): number | null {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) && value > 0 ? value : null;
}

function ItemSettings({ item }: { item: WatchlistMember }) {
  const groups = useWatchlistGroups();
  const userGroups = userGroupsOf(groups.data);
  const current = useGroupIds(item.code);
  const [selected, setSelected] = useState<Set<number> | null>(null);
  const chosen = selected ?? new Set(current.data?.groupIds ?? []);
  const [remark, setRemark] = useState(item.remark);
  const [shares, setShares] = useState(item.holding ? String(item.holding.shares) : '');
  const [cost, setCost] = useState(item.holding ? String(item.holding.cost) : '');
  const changeGroups = useEndpointMutation('watchlist.changeOpt');
  const saveRemark = useEndpointMutation('watchlist.remark');
  const saveHolding = useEndpointMutation('watchlist.holding');
  const resetDate = useEndpointMutation('watchlist.reSetAddDate');

  const holdingShares = positiveOrNull(shares);
  const holdingCost = positiveOrNull(cost);
  const holdingCleared = shares.trim() === '' && cost.trim() === '';
  const holdingValid = holdingCleared || (holdingShares !== null && holdingCost !== null);

  const save = async () => {
    try {
      if (selected) {
        await changeGroups.mutateAsync({
          code: item.code,
          groupIds: [...selected].filter((id) => userGroups.some((group) => group.id === id)),
        });
      }
      if (remark.trim() !== item.remark)
        await saveRemark.mutateAsync({ code: item.code, remark: remark.trim() });
      const holding =
        holdingCleared || holdingShares === null || holdingCost === null
          ? null
          : { shares: holdingShares, cost: holdingCost };
      const before = item.holding;
      if (holding?.shares !== before?.shares || holding?.cost !== before?.cost) {
        await saveHolding.mutateAsync({ code: item.code, holding });
      }
      toast.success('已保存');
    } catch (error) {
      reportFailure(error, '保存失败');
    }
  };

  return (
    <>
      <section className="watchlist-card" aria-label="证券">
        <div className="watchlist-form">
          <p className="favorite-empty__title">
            {item.name} <span className="watchlist-list__sub">{item.code}</span>
          </p>
          <p className="watchlist-list__sub">
            {item.addedAt.slice(0, 10)} 加入自选，当时价格 {formatQuotePrice(item.addedPrice, item.type)}
            <button
              type="button"
              className="watchlist-list__tool"
              disabled={resetDate.isPending}
              onClick={() =>
                resetDate.mutate(
                  { code: item.code },
                  {
                    onSuccess: () => toast.success('已重置为今天'),
                    onError: (error) => reportFailure(error, '重置失败'),
                  },
                )
              }
            >
              重置为今天
            </button>
          </p>
        </div>
      </section>
      <section className="watchlist-card" aria-label="所在分组">
        <div className="watchlist-form">
          <GroupPicker groups={userGroups} selected={chosen} onChange={setSelected} />
        </div>
      </section>
      <section className="watchlist-card" aria-label="备注与持仓">
        <div className="watchlist-form">
          <label>
            备注
            <textarea
              maxLength={100}
              rows={2}
              value={remark}
              onChange={(event) => setRemark(event.target.value)}
            />
          </label>
          <label>
            持仓股数
            <input inputMode="decimal" value={shares} onChange={(event) => setShares(event.target.value)} />
          </label>
          <label>
            成本价
            <input inputMode="decimal" value={cost} onChange={(event) => setCost(event.target.value)} />
          </label>
          {holdingValid ? null : (
            <p role="alert" className="watchlist-note">
              持仓股数和成本价需同时填写正数，或都留空
            </p>
          )}
        </div>
      </section>
      <div className="watchlist-actions">
        <Link to={href('pushSettingList', { code: item.code, name: item.name })} className="button">
          设置提醒
        </Link>
        <button
          type="button"
          className="button button--primary"
          disabled={!holdingValid}
          onClick={() => void save()}
        >
          保存
        </button>
      </div>
    </>
  );
}
