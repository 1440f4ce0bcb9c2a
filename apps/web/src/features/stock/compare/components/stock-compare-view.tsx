import { useQueries } from '@tanstack/react-query';
import { href } from '@zhicai/contract';
import { formatAmount, formatPercent, formatQuotePrice } from '@zhicai/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { MultiLineChart } from '../../../../charts/line/index.ts';
import { detailHref } from '../../../../platform/links.ts';
import { useLiveQuotes } from '../../../../platform/quotes/index.ts';
import { type CompareRow, CompareTable, joinCodes } from '../../../../ui/compare-table/index.ts';
import { ChangeText } from '../../../../ui/quote/index.ts';
import { QuerySection, Section, SectionSkeleton } from '../../../../ui/section/index.ts';
import { Segmented } from '../../../../ui/segmented/index.ts';
import { dayKQueryOptions } from '../../api/day-k.ts';
import { type ComparedStockRow, useStockCompare } from '../api/stock-compare.ts';
import { normalisedCloses, type PriceRange, priceRanges, withLiveQuote } from '../compare-rules.ts';

const ratio = (value: number | null) => formatPercent(value, { sign: false });

type Group = '行情' | '估值' | '盈利' | '成长' | '财务';

/** The rows of 个股对比 in display order; `group` is the section a row sits in on /stockCompareNew. */
export const stockRows: readonly (CompareRow<ComparedStockRow> & { group: Group })[] = [
  {
    group: '行情',
    key: 'price',
    label: '最新价',
    value: (s) => s.price,
    render: (s) => formatQuotePrice(s.price, 'capital'),
  },
  {
    group: '行情',
    key: 'chgPct',
    label: '涨跌幅',
    value: (s) => s.chgPct,
    better: 'high',
    render: (s) => <ChangeText value={s.chgPct} kind="percent" />,
  },
  {
    group: '行情',
    key: 'marketCap',
    label: '总市值',
    value: (s) => s.marketCap,
    better: 'high',
    render: (s) => formatAmount(s.marketCap),
  },
  // PE and PB read as the stock page's 市盈率 and 市净率 (plain multiples); lower is cheaper.
  {
    group: '估值',
    key: 'pe',
    label: '市盈率',
    value: (s) => s.pe,
    better: 'low',
    render: (s) => formatAmount(s.pe),
  },
  {
    group: '估值',
    key: 'pb',
    label: '市净率',
    value: (s) => s.pb,
    better: 'low',
    render: (s) => formatAmount(s.pb),
  },
  {
    group: '估值',
    key: 'dividendYield',
    label: '股息率',
    value: (s) => s.dividendYield,
    better: 'high',
    render: (s) => ratio(s.dividendYield),
  },
  {
    group: '盈利',
    key: 'roe',
    label: 'ROE',
    value: (s) => s.roe,
    better: 'high',
    render: (s) => ratio(s.roe),
  },
  {
    group: '盈利',
    key: 'grossMargin',
    label: '毛利率',
    value: (s) => s.grossMargin,
    better: 'high',
    render: (s) => ratio(s.grossMargin),
  },
  {
    group: '盈利',
    key: 'revenueTtm',
    label: '营收(TTM)',
    value: (s) => s.revenueTtm,
    better: 'high',
    render: (s) => formatAmount(s.revenueTtm),
  },
  {
    group: '盈利',
    key: 'netProfitTtm',
    label: '净利润(TTM)',
    value: (s) => s.netProfitTtm,
    better: 'high',
    render: (s) => formatAmount(s.netProfitTtm),
  },
  {
    group: '成长',
    key: 'revenueYoy',
    label: '营收同比',
    value: (s) => s.revenueYoy,
    better: 'high',
    render: (s) => <ChangeText value={s.revenueYoy} kind="percent" />,
  },
  {
    group: '成长',
    key: 'netProfitYoy',
    label: '净利同比',
    value: (s) => s.netProfitYoy,
    better: 'high',
    render: (s) => <ChangeText value={s.netProfitYoy} kind="percent" />,
  },
  {
    group: '财务',
    key: 'debtRatio',
    label: '资产负债率',
    value: (s) => s.debtRatio,
    better: 'low',
    render: (s) => ratio(s.debtRatio),
  },
];

const groups: readonly Group[] = ['行情', '估值', '盈利', '成长', '财务'];

function StockHead({ stock }: { stock: ComparedStockRow }) {
  return (
    <Link to={detailHref(stock.code, 'capital')} className="compare-head">
      <span className="compare-head__name">{stock.name}</span>
      <span className="compare-head__code">{stock.code}</span>
    </Link>
  );
}

/** The normalised price lines over 1月, 3月 or 1年, from each stock's K-lines. */
function PriceChart({ stocks }: { stocks: readonly ComparedStockRow[] }) {
  const [range, setRange] = useState<PriceRange>('3M');
  const queries = useQueries({ queries: stocks.map((stock) => dayKQueryOptions(stock.code)) });
  const loaded = queries.every((query) => query.data !== undefined);
  const failed = queries.some((query) => query.isError);
  return (
    <Section
      title="区间涨跌幅"
      controls={<Segmented label="区间" options={priceRanges} value={range} onChange={setRange} />}
    >
      {loaded ? (
        <MultiLineChart
          label="区间涨跌幅"
          format={(value) => formatPercent(value)}
          series={stocks.map((stock, index) => {
            const data = queries[index]?.data;
            return { name: stock.name, points: data ? normalisedCloses(data.list, data.factors, range) : [] };
          })}
        />
      ) : failed ? (
        <div className="section-state" role="alert">
          <p className="section-state__text">K线加载失败</p>
          <button
            type="button"
            className="button section-state__button"
            onClick={() => {
              for (const query of queries) if (query.isError) void query.refetch();
            }}
          >
            重新加载
          </button>
        </div>
      ) : (
        <SectionSkeleton lines={4} />
      )}
    </Section>
  );
}

/**
 * 个股对比 for /stockCompare (one table) and /stockCompareNew (the same rows in sections by theme):
 * one query, one set of rows, two arrangements.
 */
export function StockCompareView({
  codes,
  layout,
}: {
  codes: readonly string[];
  layout: 'table' | 'sections';
}) {
  const loaded = useStockCompare(codes);
  const live = useLiveQuotes(codes);
  const query = {
    ...loaded,
    data: loaded.data && {
      list: loaded.data.list.map((row) => withLiveQuote(row, live.quotes.get(row.code))),
    },
  };
  return (
    <>
      <QuerySection
        title="个股对比"
        query={query}
        skeletonLines={8}
        isEmpty={(data) => data.list.length === 0}
      >
        {(data) =>
          layout === 'table' ? (
            <CompareTable
              caption="个股对比"
              items={data.list}
              itemKey={(stock) => stock.code}
              head={(stock) => <StockHead stock={stock} />}
              rows={stockRows}
            />
          ) : (
            <div className="compare-groups">
              {groups.map((group) => (
                <div key={group} className="compare-group">
                  <h3 className="compare-group__title">{group}</h3>
                  <CompareTable
                    caption={group}
                    items={data.list}
                    itemKey={(stock) => stock.code}
                    head={(stock) => <StockHead stock={stock} />}
                    rows={stockRows.filter((row) => row.group === group)}
                  />
                </div>
              ))}
            </div>
          )
        }
      </QuerySection>
      {query.data ? <PriceChart stocks={query.data.list} /> : null}
      {query.data ? <StockCompareLinks codes={codes} /> : null}
    </>
  );
}

/** The other views of the same stocks. */
export function StockCompareLinks({ codes }: { codes: readonly string[] }) {
  const joined = joinCodes(codes);
  return (
    <nav className="compare-links" aria-label="更多对比">
      <Link to={href('dupont-compare', { codes: joined })}>杜邦分析对比</Link>
      <Link to={href('diff', { codes: joined })}>差异对比</Link>
      {codes[0] ? <Link to={href('IndustryCompare', { code: codes[0] })}>行业对比</Link> : null}
      <Link to={href('compare-search', { type: 'stock', codes: joined })}>调整对比股票</Link>
    </nav>
  );
}
