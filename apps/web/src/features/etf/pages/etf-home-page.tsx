import { href } from '@zhicai/contract';
import { formatAmount, formatPrice, hotEtfs } from '@zhicai/domain';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { detailHref } from '../../../platform/links.ts';
import { useLiveQuotes } from '../../../platform/quotes/index.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { ChangeText, DemoDataBadge, PriceText, toneClassName } from '../../../ui/quote/index.ts';
import { QuoteFreshness } from '../../../ui/quote-freshness/index.ts';
import { Section, SectionError, SectionSkeleton } from '../../../ui/section/index.ts';
import { breadth, type EtfRow, type EtfSort, etfSortLabels, sortEtfs } from '../etf-rules.ts';
import './etf-pages.css';
import '../../../ui/list-table/list-table.css';

const codes = hotEtfs.map((etf) => etf.code);
const sorts: readonly EtfSort[] = ['rise', 'fall', 'amount'];

/** /etfHome (tab page): live rankings of well-known ETFs by change and by amount traded. */
export default function EtfHomePage() {
  const live = useLiveQuotes(codes);
  const [sort, setSort] = useState<EtfSort>('rise');
  const rows = useMemo<EtfRow[]>(
    () =>
      hotEtfs.map(({ code, name }) => {
        const quote = live.quotes.get(code);
        return {
          code,
          name: quote?.name ?? name,
          price: quote?.price ?? null,
          prevClose: quote?.prevClose ?? null,
          chgPct: quote?.chgPct ?? null,
          amount: quote?.amount ?? null,
        };
      }),
    [live.quotes],
  );
  const sorted = sortEtfs(rows, sort);
  const counts = breadth(rows);
  const trading = [...live.quotes.values()].some((quote) => quote.status === 'trading');
  const hasQuotes = live.quotes.size > 0;

  return (
    <>
      <PageHeader title="ETF" back={false} right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={live.refresh}>
        <main className="etf-page">
          <nav className="etf-entries" aria-label="ETF工具">
            <Link to={href('rankList', { kind: 'fund' })} className="etf-entries__card">
              <span className="etf-entries__title">基金排行</span>
              <span className="etf-entries__note">全市场基金榜单</span>
            </Link>
            <Link to={href('fundHome')} className="etf-entries__card">
              <span className="etf-entries__title">基金首页</span>
              <span className="etf-entries__note">场外基金与经理</span>
            </Link>
          </nav>
          <Section
            title="热门ETF"
            label="ETF行情"
            busy={!hasQuotes && live.status === 'loading'}
            aside={
              hasQuotes ? (
                <output aria-label="涨跌家数">
                  <span className={toneClassName('up')}>涨 {counts.up}</span> ·{' '}
                  <span className={toneClassName('down')}>跌 {counts.down}</span> · 平 {counts.flat}
                </output>
              ) : null
            }
          >
            <div className="etf-tabs" role="tablist" aria-label="排行">
              {sorts.map((value) => (
                <button
                  key={value}
                  type="button"
                  role="tab"
                  aria-selected={sort === value}
                  className="etf-tabs__item"
                  onClick={() => setSort(value)}
                >
                  {etfSortLabels[value]}
                </button>
              ))}
            </div>
            {!hasQuotes && live.status === 'error' ? (
              <SectionError onRetry={live.refresh} message="行情加载失败" />
            ) : !hasQuotes && live.status === 'loading' ? (
              <SectionSkeleton lines={7} />
            ) : (
              <QuoteFreshness lastTickAt={live.lastTickAt} active={trading}>
                <table className="list-table" aria-label={etfSortLabels[sort]}>
                  <thead>
                    <tr>
                      <th scope="col">名称</th>
                      <th scope="col" className="list-table__number">
                        最新价
                      </th>
                      <th scope="col" className="list-table__number">
                        {sort === 'amount' ? '成交额' : '涨跌幅'}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {sorted.map((row) => (
                      <tr key={row.code}>
                        <td>
                          <Link to={detailHref(row.code, 'fund_onside')}>{row.name}</Link>
                          <span className="list-table__sub">{row.code}</span>
                        </td>
                        <td className="list-table__number">
                          {row.price === null ? (
                            formatPrice(null)
                          ) : (
                            <PriceText value={row.price} prevClose={row.prevClose} type="fund_onside" />
                          )}
                        </td>
                        <td className="list-table__number">
                          {sort === 'amount' ? (
                            formatAmount(row.amount)
                          ) : (
                            <ChangeText value={row.chgPct} kind="percent" />
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </QuoteFreshness>
            )}
          </Section>
        </main>
      </PullToRefresh>
    </>
  );
}
