import { href, type StockCondition } from '@zhicai/contract';
import { Link } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QuerySection } from '../../../../ui/section/index.ts';
import { useScreenCatalogue } from '../api/stock-screen.ts';
import { DistributionBars } from '../components/distribution-bars.tsx';
import { encodeRequest, figureText } from '../screen-draft.ts';
import '../stock-screen.css';

/** The figures the board shows, from the condition catalogue's distributions. */
const boardRanges = ['CHG_1D', 'TURNOVER_RATE', 'PE_TTM', 'PB', 'ROE', 'RPS_120'];
const boardFlags = ['NEW_HIGH_60', 'NEW_LOW_60', 'MA_GOLDEN_CROSS', 'MACD_GOLDEN_CROSS'];

function flagCount(condition: StockCondition): number {
  return condition.options.find((option) => option.value === '1')?.count ?? 0;
}

/** /dashboard — the market as the screen sees it: distributions of key figures, pattern counts, boards. */
export default function DashboardPage() {
  const catalogue = useScreenCatalogue();
  return (
    <>
      <PageHeader title="数据看板" right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={() => catalogue.refetch()}>
        <main className="stock-screen">
          <QuerySection
            title="市场全景"
            query={catalogue}
            skeletonLines={8}
            isEmpty={(data) => data.universe === 0}
            emptyText="暂无行情数据"
          >
            {(data) => {
              const byCode = new Map(
                data.groups.flatMap((entry) =>
                  entry.conditions.map((condition) => [condition.code, condition]),
                ),
              );
              const plates = byCode.get('PLATES');
              return (
                <>
                  <p className="stock-screen__hint">
                    共 {data.universe} 只A股 · 交易日 {data.tradingDay}
                  </p>
                  <ul className="dashboard-flags" aria-label="形态统计">
                    {boardFlags.flatMap((code) => {
                      const condition = byCode.get(code);
                      return condition
                        ? [
                            <li key={code}>
                              <Link
                                to={href('result-stock-picker', {
                                  q: encodeRequest({ seqFlags: code, [`${code}_left`]: 1 }),
                                })}
                              >
                                <strong>{flagCount(condition)}</strong>
                                <span>{condition.name}</span>
                              </Link>
                            </li>,
                          ]
                        : [];
                    })}
                  </ul>
                  {boardRanges.flatMap((code) => {
                    const condition = byCode.get(code);
                    return condition
                      ? [
                          <section key={code} className="dashboard-range" aria-label={condition.name}>
                            <h3>
                              {condition.name}
                              <small>
                                {condition.count} 只 · {figureText(condition.min, condition.unit)} ~{' '}
                                {figureText(condition.max, condition.unit)}
                              </small>
                            </h3>
                            <DistributionBars condition={condition} />
                          </section>,
                        ]
                      : [];
                  })}
                  {plates ? (
                    <ul className="dashboard-plates" aria-label="上市板块">
                      {plates.options.map((option) => (
                        <li key={option.value}>
                          {option.label} <strong>{option.count}</strong>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </>
              );
            }}
          </QuerySection>
        </main>
      </PullToRefresh>
    </>
  );
}
