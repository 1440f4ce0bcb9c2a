import { formatAmount } from '@zhicai/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { ChangeText, DemoDataBadge } from '../../../ui/quote/index.ts';
import { useRankNames, useRankTop } from '../../market/index.ts';
import { SectionError, SkeletonLines } from '../components/async-section.tsx';
import { fundRowUrl } from '../fund-rules.ts';
import './fund-pages.css';
import '../../../ui/list-table/list-table.css';

const entries = [
  { to: '/rankList?kind=fund', title: '基金排行', note: '收益、规模全榜单' },
  { to: '/rankList?kind=manager', title: '基金经理榜', note: '按年化回报排名' },
  { to: '/etfHome', title: 'ETF专区', note: '场内基金实时行情' },
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
          <section className="async-section" aria-label="基金排行">
            <header className="async-section__header">
              <h2 className="async-section__title">基金排行</h2>
              {current ? (
                <Link
                  className="async-section__aside"
                  to={`/rankList_content?type=${encodeURIComponent(current.id)}&name=${encodeURIComponent(current.name)}`}
                >
                  查看完整榜单
                </Link>
              ) : null}
            </header>
            {names.isError ? (
              <SectionError onRetry={() => void names.refetch()} />
            ) : names.data === undefined ? (
              <SkeletonLines count={8} />
            ) : names.data.length === 0 ? (
              <p className="async-section__empty">暂无排行榜</p>
            ) : (
              <>
                <div className="fund-tabs" role="tablist" aria-label="排行榜">
                  {names.data.map((name) => (
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
                {rank.isError && !rank.data ? (
                  <SectionError onRetry={() => void rank.refetch()} />
                ) : rank.data === undefined ? (
                  <SkeletonLines count={8} />
                ) : rank.data.list.length === 0 ? (
                  <p className="async-section__empty">暂无数据</p>
                ) : (
                  <table className="list-table" aria-label={rank.data.name}>
                    <thead>
                      <tr>
                        <th scope="col">基金</th>
                        <th scope="col" className="list-table__number">
                          {current?.sortLabel ?? ''}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {rank.data.list.map((row) => (
                        <tr key={row.code}>
                          <td>
                            <span className="fund-rank__number">{row.rank}</span>
                            <Link to={fundRowUrl(row.code, row.type)}>{row.name}</Link>
                            <span className="list-table__sub">
                              {row.code} {row.subtitle}
                            </span>
                          </td>
                          <td className="list-table__number">
                            {current?.percent ? (
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
              </>
            )}
          </section>
        </main>
      </PullToRefresh>
    </>
  );
}
