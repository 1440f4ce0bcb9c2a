import { formatAmount, formatPercent } from '@zhicai/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { detailHref } from '../../../platform/links.ts';
import { ChangeText, PriceText } from '../../../ui/quote/index.ts';
import { QueryStates, Section } from '../../../ui/section/index.ts';
import { type CapitalSort, type QuoteRow, useRiseFallCapitals } from '../api/rise-fall-capitals.ts';
import './capital-rank-tabs.css';

const tabs: readonly { sort: CapitalSort; label: string }[] = [
  { sort: 'rise', label: '涨幅榜' },
  { sort: 'fall', label: '跌幅榜' },
  { sort: 'turnover', label: '换手率' },
  { sort: 'amount', label: '成交额' },
];

/** The figure a tab is sorted by, in the last column. */
function sortFigure(sort: CapitalSort, row: QuoteRow) {
  if (sort === 'turnover')
    return <span className="num">{formatPercent(row.turnoverRate, { sign: false })}</span>;
  if (sort === 'amount') return <span className="num">{formatAmount(row.amount)}</span>;
  return <ChangeText value={row.chgPct} kind="percent" />;
}

/** 涨幅榜/跌幅榜/换手率/成交额: ten stocks per tab, each leading to its detail page. */
export function CapitalRankTabs() {
  const [sort, setSort] = useState<CapitalSort>('rise');
  const query = useRiseFallCapitals(sort);
  const id = useId();
  const current = tabs.find((tab) => tab.sort === sort) ?? tabs[0];

  return (
    <Section title="个股排行" busy={query.isPending}>
      <div className="capital-tabs" role="tablist" aria-label="个股排行">
        {tabs.map((tab) => (
          <button
            key={tab.sort}
            type="button"
            role="tab"
            id={`${id}-${tab.sort}`}
            aria-selected={tab.sort === sort}
            aria-controls={`${id}-panel`}
            className="capital-tabs__tab"
            onClick={() => setSort(tab.sort)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${sort}`}>
        <QueryStates
          query={query}
          skeletonLines={5}
          skeletonTestId="capital-skeleton"
          errorText="排行加载失败，请检查网络后重试"
          isEmpty={(data) => data.length === 0}
          emptyText="暂无排行数据"
        >
          {(data) => (
            <table className="capital-table">
              <thead>
                <tr>
                  <th scope="col">名称</th>
                  <th scope="col">最新价</th>
                  <th scope="col">
                    {current?.sort === 'rise' || current?.sort === 'fall' ? '涨跌幅' : current?.label}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.map((row) => (
                  <tr key={row.code}>
                    <td>
                      <Link to={detailHref(row.code, row.type)} className="capital-table__name">
                        {row.name}
                      </Link>
                      <span className="capital-table__code">{row.code}</span>
                    </td>
                    <td className="num">
                      <PriceText value={row.price} prevClose={row.prevClose} type={row.type} />
                    </td>
                    <td className="num">{sortFigure(sort, row)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </QueryStates>
      </div>
    </Section>
  );
}
