import { href } from '@zhicai/contract';
import { formatAmount, fundType } from '@zhicai/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { detailHref } from '../../../platform/links.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { ChangeText, DemoDataBadge } from '../../../ui/quote/index.ts';
import { QueryStates, Section } from '../../../ui/section/index.ts';
import { useRankNames, useRankTop } from '../../market/index.ts';
import './fund-pages.css';
import '../../../ui/list-table/list-table.css';

const entries = [
  { to: href('rankList', { kind: 'fund' }), title: '基金排行', note: '收益、规模全榜单' },
  { to: href('rankList', { kind: 'manager' }), title: '基金经理榜', note: '按年化回报排名' },
  { to: href('etfHome'), title: 'ETF专区', note: '场内基金实时行情' },
  { to: href('chooseFund'), title: '基金筛选', note: '按收益、回撤、费率选基' },
] as const;

const shownRows = 20;

/** /fundHome (tab page): entry cards and the fund rankings, one tab per ranking the server offers. */
export default function FundHomePage() {
  const names = useRankNames('fund');
  const [picked, setPicked] = useState<string | null>(null);
  const current = names.data?.find((name) => name.id === picked) ?? names.data?.[0] ?? null;
  const rank = useRankTop(current?.id ?? '', shownRows);
  // What the page shows: the rankings on offer and the open one (none while no ranking is known).
  const refresh = () => Promise.all([names.refetch(), current ? rank.refetch() : null]);

  return (
    <>
      <PageHeader title="基金" back={false} right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={refresh}>
        <main className="fund-page">
          <nav className="fund-entries" aria-label="基金工具">
            {entries.map((entry) => (
              <Link key={entry.to} to={entry.to} className="fund-entries__card">
                <span className="fund-entries__title">{entry.title}</span>
                <span className="fund-entries__note">{entry.note}</span>
              </Link>
            ))}
          </nav>
          <Section
            title="基金排行"
            busy={names.isPending}
            aside={
              current ? (
                <Link to={href('rankList_content', { type: current.id, name: current.name })}>
                  查看完整榜单
                </Link>
              ) : null
            }
          >
            <QueryStates
              query={names}
              skeletonLines={8}
              errorText="基金排行加载失败"
              isEmpty={(list) => list.length === 0}
              emptyText="暂无排行榜"
            >
              {(list) => (
                <>
                  <div className="fund-tabs" role="tablist" aria-label="排行榜">
                    {list.map((name) => (
                      <button
                        key={name.id}
                        type="button"
                        role="tab"
                        aria-selected={name.id === current?.id}
                        className="fund-tabs__item"
                        onClick={() => setPicked(name.id)}
                      >
                        {name.name}
                      </button>
                    ))}
                  </div>
                  <QueryStates
                    query={rank}
                    skeletonLines={8}
                    errorText="排行加载失败"
                    isEmpty={(data) => data.list.length === 0}
                  >
                    {(data) => (
                      <table className="list-table" aria-label={data.name}>
                        <thead>
                          <tr>
                            <th scope="col">基金</th>
                            <th scope="col" className="list-table__number">
                              {current?.sortLabel ?? ''}
                            </th>
                          </tr>
                        </thead>
                        <tbody>
                          {data.list.map((row) => (
                            <tr key={row.code}>
                              <td>
                                <span className="fund-rank__number">{row.rank}</span>
                                <Link to={detailHref(row.code, row.type ?? fundType(row.code))}>
                                  {row.name}
                                </Link>
                                <span className="list-table__sub">
                                  {row.code} {row.subtitle}
                                </span>
                              </td>
                              <td className="list-table__number">
                                {current && current.figure !== 'amount' ? (
                                  <ChangeText value={row.value} kind="percent" />
                                ) : (
                                  formatAmount(row.value)
                                )}
                              </td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    )}
                  </QueryStates>
                </>
              )}
            </QueryStates>
          </Section>
        </main>
      </PullToRefresh>
    </>
  );
}
