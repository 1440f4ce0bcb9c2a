import { useQueries } from '@tanstack/react-query';
import { href } from '@zhicai/contract';
import { formatAmount, formatPercent, missingValue } from '@zhicai/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { MultiLineChart } from '../../../../charts/line/index.ts';
import { detailHref } from '../../../../platform/links.ts';
import { type CompareRow, CompareTable, joinCodes } from '../../../../ui/compare-table/index.ts';
import { ChangeText } from '../../../../ui/quote/index.ts';
import { QuerySection, Section, SectionSkeleton } from '../../../../ui/section/index.ts';
import { Segmented } from '../../../../ui/segmented/index.ts';
import { fundNavHistoryQueryOptions } from '../../api/fund-nav-history.ts';
import { formatDay, type NavRange, navRangeLabels, navSeries } from '../../fund-rules.ts';
import { type ComparedFundRow, useFundCompare } from '../api/fund-compare.ts';
import { sharedHoldings } from '../fund-compare-rules.ts';
import './fund-compare.css';

const rate = (value: number | null) => formatPercent(value, { sign: false });

const returnRows = (
  [
    ['m1', '近1月'],
    ['m3', '近3月'],
    ['m6', '近6月'],
    ['y1', '近1年'],
    ['y3', '近3年'],
    ['ytd', '今年来'],
    ['sinceInception', '成立来'],
  ] as const
).map(
  ([period, label]): CompareRow<ComparedFundRow> => ({
    key: period,
    label,
    value: (fund) => fund.returns[period],
    better: 'high',
    render: (fund) => <ChangeText value={fund.returns[period]} kind="percent" />,
  }),
);

/** The rows of 基金对比 in display order: the fund page's figures, then the risk figures over 近1年. */
export const fundRows: readonly CompareRow<ComparedFundRow>[] = [
  { key: 'category', label: '类型', value: () => null, render: (fund) => fund.category || missingValue },
  {
    key: 'size',
    label: '规模',
    value: (fund) => fund.size,
    better: 'high',
    render: (fund) => `${formatAmount(fund.size)}元`,
  },
  { key: 'inception', label: '成立日期', value: () => null, render: (fund) => formatDay(fund.inceptionDate) },
  {
    key: 'managers',
    label: '基金经理',
    value: () => null,
    render: (fund) =>
      fund.managers.length === 0
        ? missingValue
        : fund.managers.map((manager) => (
            <Link
              key={manager.id}
              className="fund-compare__manager"
              to={href('fundManager', { managerId: manager.id })}
            >
              {manager.name}
            </Link>
          )),
  },
  ...returnRows,
  {
    key: 'maxDrawdown',
    label: '最大回撤(近1年)',
    value: (fund) => fund.maxDrawdown,
    better: 'low',
    render: (fund) => rate(fund.maxDrawdown),
  },
  {
    key: 'volatility',
    label: '波动率(近1年)',
    value: (fund) => fund.volatility,
    better: 'low',
    render: (fund) => rate(fund.volatility),
  },
  {
    key: 'sharpe',
    label: '夏普比率(近1年)',
    value: (fund) => fund.sharpe,
    better: 'high',
    render: (fund) => (fund.sharpe === null ? missingValue : fund.sharpe.toFixed(2)),
  },
  {
    key: 'management',
    label: '管理费率',
    value: (fund) => fund.fees.management,
    better: 'low',
    render: (fund) => rate(fund.fees.management),
  },
  {
    key: 'custody',
    label: '托管费率',
    value: (fund) => fund.fees.custody,
    better: 'low',
    render: (fund) => rate(fund.fees.custody),
  },
  {
    key: 'salesService',
    label: '销售服务费率',
    value: (fund) => fund.fees.salesService,
    better: 'low',
    render: (fund) => rate(fund.fees.salesService),
  },
  {
    key: 'purchase',
    label: '申购费率',
    value: (fund) => fund.fees.purchase,
    better: 'low',
    render: (fund) => rate(fund.fees.purchase),
  },
];

const chartRanges: readonly NavRange[] = ['1M', '3M', '1Y', '3Y', 'ALL'];

/** Each fund's cumulative return over the range, from its NAV history (the fund page's chart rule). */
function ReturnChart({ funds }: { funds: readonly ComparedFundRow[] }) {
  const [range, setRange] = useState<NavRange>('1Y');
  const queries = useQueries({ queries: funds.map((fund) => fundNavHistoryQueryOptions(fund.code, range)) });
  const loaded = queries.every((query) => query.data !== undefined);
  const failed = queries.some((query) => query.isError);
  return (
    <Section
      title="累计收益走势"
      controls={
        <Segmented
          label="区间"
          options={chartRanges.map((value) => ({ value, label: navRangeLabels[value] }))}
          value={range}
          onChange={setRange}
        />
      }
    >
      {loaded ? (
        <MultiLineChart
          label="累计收益"
          format={(value) => formatPercent(value)}
          series={funds.map((fund, index) => ({
            name: fund.name,
            points: navSeries(queries[index]?.data?.list ?? [], 'return').map((point) => ({
              date: point.date,
              value: point.value,
            })),
          }))}
        />
      ) : failed ? (
        <div className="section-state" role="alert">
          <p className="section-state__text">净值走势加载失败</p>
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

function SharedHoldings({ funds }: { funds: readonly ComparedFundRow[] }) {
  const shared = sharedHoldings(funds);
  return (
    <Section title="重仓股重合">
      {shared.length === 0 ? (
        <p className="fund-compare__note">所选基金的前十大重仓股没有重合</p>
      ) : (
        <CompareTable
          caption="重仓股重合"
          items={funds}
          itemKey={(fund) => fund.code}
          head={(fund) => fund.name}
          rows={shared.map((holding) => ({
            key: holding.code,
            label: holding.name,
            value: () => null,
            render: (fund: ComparedFundRow) => rate(holding.weights[funds.indexOf(fund)] ?? null),
          }))}
        />
      )}
    </Section>
  );
}

/** The first manager of each fund, once each: who 基金经理对比 compares. */
export function leadManagers(funds: readonly ComparedFundRow[]): string[] {
  return [...new Set(funds.flatMap((fund) => (fund.managers[0] ? [fund.managers[0].id] : [])))];
}

/** 基金对比 of 2–5 funds: the table, the cumulative-return chart and the shared holdings. */
export function FundCompareView({ codes }: { codes: readonly string[] }) {
  const query = useFundCompare(codes);
  const funds = query.data?.list;
  const managers = funds ? leadManagers(funds) : [];
  return (
    <>
      <QuerySection title="基金对比" query={query} skeletonLines={8}>
        {(data) => (
          <CompareTable
            caption="基金对比"
            items={data.list}
            itemKey={(fund) => fund.code}
            head={(fund) => (
              <Link to={detailHref(fund.code, fund.type)} className="fund-compare__head">
                <span>{fund.name}</span>
                <span className="fund-compare__code">{fund.code}</span>
              </Link>
            )}
            rows={fundRows}
          />
        )}
      </QuerySection>
      {funds ? <ReturnChart funds={funds} /> : null}
      {funds ? <SharedHoldings funds={funds} /> : null}
      {funds ? (
        <nav className="fund-compare__links" aria-label="更多对比">
          {managers.length >= 2 ? (
            <Link to={href('fundManCompare', { ids: managers.join(',') })}>基金经理对比</Link>
          ) : null}
          <Link to={href('compare-search', { type: 'fund', codes: joinCodes(codes) })}>调整对比基金</Link>
          {funds[0] ? <Link to={href('profitComputer', { code: funds[0].code })}>定投计算器</Link> : null}
        </nav>
      ) : null}
      {funds?.[0] ? (
        <p className="fund-compare__note">
          净值日期 {formatDay(funds[0].navDate)}；风险指标按近1年日收益计算
        </p>
      ) : null}
    </>
  );
}
