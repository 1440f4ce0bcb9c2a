import { Codes, href } from '@zhicai/contract';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { detailHref } from '../../../../platform/links.ts';
import { ApiError } from '../../../../platform/request/api-error.ts';
import { useLocalState } from '../../../../platform/session/local-store.ts';
import { PageHeader, useRouteTitle } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { toneClassName } from '../../../../ui/quote/index.ts';
import { QuerySection, SectionEmpty } from '../../../../ui/section/index.ts';
import { useRemoveRedPoint } from '../api/remove-red-point.ts';
import { useStrategyChanges } from '../api/strategy-changes.ts';
import { useStrategyInfo } from '../api/strategy-info.ts';
import { useStrategyList } from '../api/strategy-list.ts';
import { EditConditionsLink } from '../components/edit-conditions-link.tsx';
import { shortDay, strategyIdOf } from '../strategy-rules.ts';
import '../strategy.css';

function cellText(value: string | number | null): string {
  if (value === null) return '--';
  return typeof value === 'number' ? value.toFixed(2) : value;
}

/**
 * /chooseSuper?id= (and /chooseResultSpuer, /rankingStockSelectionDetailIndex): a stock strategy's
 * results as a table of its conditions, and its entries and exits by close; the user's own strategy
 * offers 修改条件. Opening it clears the strategy's red point.
 */
export default function StrategyDetailPage() {
  const routeTitle = useRouteTitle('策略结果');
  const [params] = useSearchParams();
  const id = strategyIdOf(params.get('id'));
  if (id === null) {
    return (
      <>
        <PageHeader title={routeTitle} />
        <main className="strategy-page">
          <SectionEmpty>缺少策略编号</SectionEmpty>
        </main>
      </>
    );
  }
  return <StrategyDetail key={id} id={id} />;
}

function StrategyDetail({ id }: { id: number }) {
  const info = useStrategyInfo(id);
  const changes = useStrategyChanges(id);
  const signedIn = useLocalState((state) => state.token !== null);
  const summary = useStrategyList().data;
  const redPoint = [...(summary?.house ?? []), ...(summary?.mine ?? [])].find(
    (item) => item.id === id,
  )?.redPoint;
  const removeRedPoint = useRemoveRedPoint();
  const cleared = useRef(false);
  useEffect(() => {
    if (!signedIn || !redPoint || cleared.current) return;
    cleared.current = true;
    removeRedPoint.mutate({ id });
  }, [signedIn, redPoint, id, removeRedPoint]);

  // A deleted strategy, or another user's (answered as unknown): retrying cannot help, the lists can.
  if (info.error instanceof ApiError && info.error.code === Codes.notFound) {
    return (
      <>
        <PageHeader title="策略结果" />
        <main className="strategy-page">
          <SectionEmpty>
            策略不存在或已删除。<Link to={href('chooseMeList')}>我的策略</Link> ·{' '}
            <Link to={href('ChooseSuperdex')}>官方策略</Link>
          </SectionEmpty>
        </main>
      </>
    );
  }

  return (
    <>
      <PageHeader title={info.data?.name ?? '策略结果'} />
      <PullToRefresh onRefresh={() => Promise.all([info.refetch(), changes.refetch()])}>
        <main className="strategy-page">
          <QuerySection
            title="入选结果"
            query={info}
            skeletonLines={8}
            isEmpty={(data) => data.list.length === 0}
            emptyText="今日没有符合条件的股票"
            aside={
              info.data && !info.data.house ? (
                <EditConditionsLink id={id} conditions={info.data.conditions} />
              ) : null
            }
          >
            {(data) => (
              <div className="table-scroll">
                <table className="data-table">
                  <caption className="data-table__caption">共 {data.list.length} 只</caption>
                  <thead>
                    <tr>
                      {data.columns.map((column) => (
                        <th key={column} scope="col">
                          {column}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.list.map((row) => {
                      const [code, name, ...rest] = row;
                      return (
                        <tr key={String(code)}>
                          <td>{code}</td>
                          <th scope="row" className="data-table__name">
                            <Link to={detailHref(String(code), 'capital')}>{name}</Link>
                          </th>
                          {rest.map((value, index) => (
                            // Cells are positional: the columns are the strategy's conditions.
                            // biome-ignore lint/suspicious/noArrayIndexKey: the column order is the key
                            <td key={index}>{cellText(value)}</td>
                          ))}
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
          </QuerySection>
          <QuerySection
            title="调入调出"
            query={changes}
            skeletonLines={4}
            isEmpty={(data) => data.length === 0}
            emptyText="收盘后重新选股，有变化时显示在这里"
          >
            {(data) => (
              <ul className="strategy-changes" aria-label="调入调出">
                {data.map((change) => (
                  <li key={change.day}>
                    <strong>{shortDay(change.day)}</strong>
                    <div className="strategy-changes__codes">
                      {change.entries.map((item) => (
                        <Link
                          key={item.code}
                          className={toneClassName('up')}
                          to={detailHref(item.code, 'capital')}
                        >
                          ▲调入 {item.name}
                        </Link>
                      ))}
                      {change.exits.map((item) => (
                        <Link
                          key={item.code}
                          className={toneClassName('down')}
                          to={detailHref(item.code, 'capital')}
                        >
                          ▼调出 {item.name}
                        </Link>
                      ))}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </QuerySection>
        </main>
      </PullToRefresh>
    </>
  );
}
