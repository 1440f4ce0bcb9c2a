import { href, type PointGood } from '@zhicai/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { loginUrl } from '../../../platform/session/login-redirect.ts';
import { LoadMore, loadMoreOf } from '../../../ui/load-more/index.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QueryStates } from '../../../ui/section/index.ts';
import { Segmented } from '../../../ui/segmented/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { useExchangeList } from '../api/exchange-list.ts';
import { useGoodList } from '../api/good-list.ts';
import { usePointInfo } from '../api/point-info.ts';
import { usePointList } from '../api/point-list.ts';
import { ExchangeList } from '../components/exchange-list.tsx';
import { ExchangeSheet } from '../components/exchange-sheet.tsx';
import { GoodGrid } from '../components/good-grid.tsx';
import { LedgerList } from '../components/ledger-list.tsx';
import type { GoodState } from '../points-rules.ts';
import '../points.css';

type Tab = 'goods' | 'exchanges' | 'ledger';

const tabs: { value: Tab; label: string }[] = [
  { value: 'goods', label: '兑换商品' },
  { value: 'exchanges', label: '我的兑换' },
  { value: 'ledger', label: '积分明细' },
];

/**
 * /userIntegralData 积分商城: the balance, the goods to exchange (the sheet asks for the delivery
 * address), 我的兑换 with delivery status and 积分明细.
 */
export default function UserIntegralDataPage() {
  const signedIn = useLocalState((state) => state.token !== null);
  const [tab, setTab] = useState<Tab>('goods');
  const [chosen, setChosen] = useState<PointGood | null>(null);
  const navigate = useNavigate();
  const info = usePointInfo(signedIn);
  const goods = useGoodList();
  const exchanges = useExchangeList(signedIn && tab === 'exchanges');
  const ledger = usePointList(signedIn && tab === 'ledger');
  const balance = info.data?.balance;

  const choose = (good: PointGood, state: GoodState) => {
    if (state.kind === 'signIn') navigate(loginUrl(href('userIntegralData')));
    else if (state.kind === 'exchange') setChosen(good);
  };

  const refresh = () =>
    Promise.all([
      info.refetch(),
      tab === 'goods' ? goods.refetch() : tab === 'exchanges' ? exchanges.refetch() : ledger.refetch(),
    ]);

  return (
    <>
      <PageHeader
        title="积分商城"
        right={
          signedIn ? (
            <Link className="points-header-action" to={href('userIntegralPopTwo')}>
              签到
            </Link>
          ) : null
        }
      />
      <PullToRefresh onRefresh={refresh}>
        <main className="points-page">
          <section className="points-balance" aria-label="积分余额">
            {signedIn ? (
              <>
                <p className="points-balance__label">我的积分</p>
                <p className="points-balance__value">{balance ?? '--'}</p>
                <Link className="points-balance__link" to={href('integralNewUser')}>
                  做新人任务赚积分 ›
                </Link>
              </>
            ) : (
              <>
                <p className="points-balance__label">登录后查看积分并兑换商品</p>
                <Link className="button button--primary" to={loginUrl(href('userIntegralData'))}>
                  登录
                </Link>
              </>
            )}
          </section>
          <Segmented label="积分商城" options={tabs} value={tab} onChange={setTab} className="points-tabs" />
          {tab === 'goods' ? (
            <QueryStates
              query={goods}
              skeletonLines={6}
              errorText="商品加载失败"
              isEmpty={(data) => data.list.length === 0}
              emptyText="暂无可兑换的商品"
            >
              {(data) => (
                <GoodGrid goods={data.list} balance={balance} signedIn={signedIn} onChoose={choose} />
              )}
            </QueryStates>
          ) : !signedIn ? (
            <SignInPrompt
              className="points-signin"
              textClassName="points-signin__text"
              text={tab === 'exchanges' ? '登录后查看我的兑换' : '登录后查看积分明细'}
            />
          ) : tab === 'exchanges' ? (
            <QueryStates
              query={exchanges}
              skeletonLines={5}
              errorText="兑换记录加载失败"
              isEmpty={(data) => data.pages.every((page) => page.list.length === 0)}
              emptyText="还没有兑换记录，去兑换商品看看"
            >
              {(data) => (
                <>
                  <ExchangeList exchanges={data.pages.flatMap((page) => page.list)} />
                  <LoadMore {...loadMoreOf(exchanges)} />
                </>
              )}
            </QueryStates>
          ) : (
            <QueryStates
              query={ledger}
              skeletonLines={6}
              errorText="积分明细加载失败"
              isEmpty={(data) => data.pages.every((page) => page.list.length === 0)}
              emptyText="还没有积分记录，签到即可获得积分"
            >
              {(data) => (
                <>
                  <LedgerList entries={data.pages.flatMap((page) => page.list)} />
                  <LoadMore {...loadMoreOf(ledger)} />
                </>
              )}
            </QueryStates>
          )}
        </main>
      </PullToRefresh>
      <ExchangeSheet
        good={chosen}
        balance={balance}
        onClose={() => setChosen(null)}
        onExchanged={() => {
          setChosen(null);
          setTab('exchanges');
        }}
      />
    </>
  );
}
