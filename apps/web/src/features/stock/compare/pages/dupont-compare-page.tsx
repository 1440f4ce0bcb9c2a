import { formatPercent, missingValue, reportPeriodTitle } from '@zhicai/domain';
import { useState } from 'react';
import {
  type CompareRow,
  CompareTable,
  minCompared,
  NeedCodes,
  useCodesParam,
} from '../../../../ui/compare-table/index.ts';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { QuerySection } from '../../../../ui/section/index.ts';
import { type DupontCompare, useDupontCompare } from '../api/dupont-compare.ts';
import '../components/compare.css';

type Stock = DupontCompare['list'][number];
type Factors = Stock['periods'][number];

const ratio = (value: number | null) => formatPercent(value, { sign: false });
const times = (value: number | null) => (value === null ? missingValue : value.toFixed(2));

/** The figures of one period; a stock that did not report it shows --. */
function factorsOf(stock: Stock, period: number): Factors | undefined {
  return stock.periods.find((row) => row.period === period);
}

function rowsFor(period: number): CompareRow<Stock>[] {
  const figure = (pick: (factors: Factors) => number | null) => (stock: Stock) => {
    const factors = factorsOf(stock, period);
    return factors ? pick(factors) : null;
  };
  return [
    {
      key: 'roe',
      label: 'ROE',
      value: figure((f) => f.roe),
      better: 'high',
      render: (s) => ratio(figure((f) => f.roe)(s)),
    },
    {
      key: 'netMargin',
      label: '归母净利率',
      value: figure((f) => f.netMargin),
      better: 'high',
      render: (s) => ratio(figure((f) => f.netMargin)(s)),
    },
    {
      key: 'assetTurnover',
      label: '总资产周转率',
      value: figure((f) => f.assetTurnover),
      better: 'high',
      render: (s) => times(figure((f) => f.assetTurnover)(s)),
    },
    // More leverage is not better or worse by itself: the row is not highlighted.
    {
      key: 'equityMultiplier',
      label: '权益乘数',
      value: figure((f) => f.equityMultiplier),
      render: (s) => times(figure((f) => f.equityMultiplier)(s)),
    },
  ];
}

function DupontTables({ data }: { data: DupontCompare }) {
  const periods = [...new Set(data.list.flatMap((stock) => stock.periods.map((row) => row.period)))].sort(
    (a, b) => b - a,
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const period = chosen ?? periods[0];
  if (period === undefined) return <p className="compare-note">暂无财务报告</p>;
  return (
    <>
      <label className="compare-note">
        报告期{' '}
        <select value={period} onChange={(event) => setChosen(Number(event.target.value))}>
          {periods.map((value) => (
            <option key={value} value={value}>
              {reportPeriodTitle(value)}
            </option>
          ))}
        </select>
      </label>
      <CompareTable
        caption={`杜邦分析 ${reportPeriodTitle(period)}`}
        items={data.list}
        itemKey={(stock) => stock.code}
        head={(stock) => stock.name}
        rows={rowsFor(period)}
      />
      <p className="compare-note">
        ROE = 归母净利率 × 总资产周转率 ×
        权益乘数；报告期累计数据，平均资产与权益取期末与上年末的平均，与财报速览的净资产收益率一致。
      </p>
      <h3 className="compare-group__title">ROE 走势</h3>
      <CompareTable
        caption="各报告期 ROE"
        items={data.list}
        itemKey={(stock) => stock.code}
        head={(stock) => stock.name}
        rows={periods.map((value) => ({
          key: String(value),
          label: reportPeriodTitle(value) ?? String(value),
          value: (stock: Stock) => factorsOf(stock, value)?.roe ?? null,
          render: (stock: Stock) => ratio(factorsOf(stock, value)?.roe ?? null),
          better: 'high' as const,
        }))}
      />
    </>
  );
}

/** /dupont-compare?codes=…: 杜邦分析对比 of 2–5 stocks over their report periods. */
export default function DupontComparePage() {
  const codes = useCodesParam();
  const query = useDupontCompare(codes);
  return (
    <>
      <PageHeader title="杜邦分析对比" />
      <main className="compare-page">
        {codes.length < minCompared ? (
          <NeedCodes type="stock" codes={codes} />
        ) : (
          <QuerySection
            title="杜邦分析"
            query={query}
            skeletonLines={6}
            isEmpty={(data) => data.list.every((stock) => stock.periods.length === 0)}
            emptyText="暂无财务报告"
          >
            {(data) => <DupontTables data={data} />}
          </QuerySection>
        )}
      </main>
    </>
  );
}
