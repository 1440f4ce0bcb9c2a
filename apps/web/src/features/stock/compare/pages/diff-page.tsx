import { formatAmount, formatPercent } from '@zhicai/domain';
import { minCompared, NeedCodes, useCodesParam } from '../../../../ui/compare-table/index.ts';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { QuerySection } from '../../../../ui/section/index.ts';
import { useStockCompare } from '../api/stock-compare.ts';
import { rankDifferences } from '../compare-rules.ts';
import { StockCompareLinks, stockRows } from '../components/stock-compare-view.tsx';
import '../components/compare.css';

/** Figures that are levels of the stocks, not the day's move: 差异对比 leaves out price and 涨跌幅. */
const comparedKeys = new Set([
  'marketCap',
  'pe',
  'pb',
  'dividendYield',
  'roe',
  'grossMargin',
  'revenueTtm',
  'netProfitTtm',
  'revenueYoy',
  'netProfitYoy',
  'debtRatio',
]);
const amountKeys = new Set(['marketCap', 'revenueTtm', 'netProfitTtm']);
const timesKeys = new Set(['pe', 'pb']);

function formatFigure(key: string, value: number): string {
  if (amountKeys.has(key) || timesKeys.has(key)) return formatAmount(value);
  return formatPercent(value, { sign: false });
}

/**
 * /diff?codes=…: 差异对比, read as "where do these stocks differ most": the 个股对比 figures ranked by
 * how far apart the stocks are on each (the spread over the mean), widest first, each row naming the
 * highest and the lowest stock. The same query and rows as 个股对比, so the figures are its own.
 */
export default function DiffPage() {
  const codes = useCodesParam();
  const query = useStockCompare(codes);
  return (
    <>
      <PageHeader title="差异对比" />
      <main className="compare-page">
        {codes.length < minCompared ? (
          <NeedCodes type="stock" codes={codes} />
        ) : (
          <QuerySection title="差异最大的指标" query={query} skeletonLines={6}>
            {(data) => {
              const stocks = data.list;
              const ranked = rankDifferences(
                stockRows
                  .filter((row) => comparedKeys.has(row.key))
                  .map((row) => ({ key: row.key, label: row.label, values: stocks.map(row.value) })),
              );
              if (ranked.length === 0) return <p className="compare-note">所选股票的指标没有差异</p>;
              const widest = ranked[0]?.spread ?? 1;
              const nameAt = (value: number, row: (typeof ranked)[number]) =>
                stocks[row.values.indexOf(value)]?.name ?? '';
              return (
                <ol className="compare-hits" aria-label="差异排行">
                  {ranked.map((row) => (
                    <li key={row.key} data-row={row.key}>
                      <div style={{ flex: 1 }}>
                        <strong>{row.label}</strong>
                        <span className="compare-note">
                          {' '}
                          最高 {nameAt(row.highest, row)} {formatFigure(row.key, row.highest)}，最低{' '}
                          {nameAt(row.lowest, row)} {formatFigure(row.key, row.lowest)}
                        </span>
                        <span
                          className="compare-bar"
                          style={{ width: `${Math.max(4, (row.spread / widest) * 100)}%` }}
                          aria-hidden="true"
                        />
                      </div>
                    </li>
                  ))}
                </ol>
              );
            }}
          </QuerySection>
        )}
        {codes.length >= minCompared ? <StockCompareLinks codes={codes} /> : null}
      </main>
    </>
  );
}
