import { href } from '@zhicai/contract';
import { Link, useLocation } from 'react-router';
import { useLocalState } from '../../../../platform/session/local-store.ts';
import { loginUrl } from '../../../../platform/session/login-redirect.ts';
import { PageHeader, useRouteTitle } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QueryStates } from '../../../../ui/section/index.ts';
import { useStrategyList } from '../api/strategy-list.ts';
import { StrategyActions } from './strategy-actions.tsx';
import { StrategyRow } from './strategy-row.tsx';
import '../strategy.css';

/**
 * A list page of stock strategies: the user's own (我的策略) or the house ones (官方策略), each with
 * today's count and its latest change; a red point marks a change the user has not opened yet.
 */
export function StrategyListPage({ title: fallback, which }: { title: string; which: 'mine' | 'house' }) {
  const title = useRouteTitle(fallback);
  const list = useStrategyList();
  const signedIn = useLocalState((state) => state.token !== null);
  const { pathname, search } = useLocation();
  return (
    <>
      <PageHeader
        title={title}
        right={
          which === 'mine' ? (
            <Link className="page-header__action" to={href('ChooseSuperdex')}>
              官方策略
            </Link>
          ) : signedIn ? (
            <Link className="page-header__action" to={href('chooseMeList')}>
              我的策略
            </Link>
          ) : null
        }
      />
      <PullToRefresh onRefresh={() => list.refetch()}>
        <main className="strategy-page">
          {which === 'mine' && !signedIn ? (
            <p>
              登录后查看与保存我的策略。<Link to={loginUrl(`${pathname}${search}`)}>登录</Link>
            </p>
          ) : (
            <>
              {which === 'mine' ? (
                <p className="strategy-save">
                  <Link to={href('choose-stock-picker')}>新建选股</Link>，在结果页保存为我的策略
                </p>
              ) : null}
              <QueryStates
                query={list}
                skeletonLines={6}
                errorText="策略加载失败"
                isEmpty={(data) => data[which].length === 0}
                emptyText={which === 'mine' ? '还没有保存的策略，可从官方策略复制' : '暂无官方策略'}
              >
                {(data) => (
                  <ul className="strategy-list" aria-label={title}>
                    {data[which].map((strategy) => (
                      <StrategyRow
                        key={strategy.id}
                        strategy={strategy}
                        actions={signedIn ? <StrategyActions strategy={strategy} /> : undefined}
                      />
                    ))}
                  </ul>
                )}
              </QueryStates>
            </>
          )}
        </main>
      </PullToRefresh>
    </>
  );
}
