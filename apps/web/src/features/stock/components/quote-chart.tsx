import {
  adjustBars,
  aggregateBars,
  type BarPeriod,
  sessionMinutes,
  type TradingMarket,
} from '@zhicai/domain';
import { useMemo, useState } from 'react';
import { IntradayChart } from '../../../charts/intraday/index.ts';
import { KlineChart, type KlineIndicator } from '../../../charts/kline/index.ts';
import { useDayK } from '../api/day-k.ts';
import { useIntraday } from '../api/intraday.ts';
import { fiveDayPrevClose } from '../five-day-prev-close.ts';
import { formatVolume, type QuoteKind } from '../stock-rules.ts';
import './detail-section.css';
import './quote-chart.css';

export type ChartTab = 'intraday' | 'fiveDay' | 'day' | 'week' | 'month';

const tabs: readonly { value: ChartTab; label: string }[] = [
  { value: 'intraday', label: '分时' },
  { value: 'fiveDay', label: '五日' },
  { value: 'day', label: '日K' },
  { value: 'week', label: '周K' },
  { value: 'month', label: '月K' },
];

const indicatorOptions: readonly KlineIndicator[] = ['MA', 'VOL', 'MACD'];

export interface QuoteChartProps {
  code: string;
  /** Which session the minute charts span: 'hk' runs to 16:00. */
  market: TradingMarket;
  /** Previous close from the live quote, the intraday chart's 0% line. */
  prevClose: number | null;
  /** What is quoted, for the unit of volumes (手 or 股), as in the quote header. */
  kind: QuoteKind;
}

function ChartState({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return (
    <div className="quote-chart__state" role={onRetry ? 'alert' : undefined}>
      <p>{text}</p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          重新加载
        </button>
      ) : null}
    </div>
  );
}

const loading = <div className="quote-chart__skeleton" aria-busy="true" />;

/** The minute and K-line charts of a detail page behind 分时 | 五日 | 日K | 周K | 月K tabs. */
export function QuoteChart({ code, market, prevClose, kind }: QuoteChartProps) {
  const [tab, setTab] = useState<ChartTab>('intraday');
  return (
    <section className="quote-chart" aria-label="走势图">
      <div className="quote-chart__tabs" role="tablist" aria-label="图表周期">
        {tabs.map((option) => (
          <button
            key={option.value}
            type="button"
            role="tab"
            aria-selected={tab === option.value}
            className="quote-chart__tab"
            onClick={() => setTab(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="quote-chart__panel">
        {tab === 'intraday' || tab === 'fiveDay' ? (
          <MinutePanel
            code={code}
            market={market}
            prevClose={prevClose}
            kind={kind}
            days={tab === 'intraday' ? 1 : 5}
          />
        ) : (
          <KlinePanel code={code} period={tab} />
        )}
      </div>
    </section>
  );
}

function MinutePanel({ code, market, prevClose, kind, days }: QuoteChartProps & { days: 1 | 5 }) {
  const { data, isPending, isError, refetch } = useIntraday(code, days, true);
  // 五日 measures from the close before its first day, which only the daily history knows (the K
  // tabs load the same query, so it is fetched once either way).
  const dayK = useDayK(code, days === 5);
  const minutes = sessionMinutes(market);
  if (isPending || (days === 5 && dayK.isPending)) return loading;
  if (isError) return <ChartState text="分时数据加载失败" onRetry={() => void refetch()} />;
  if (data.length === 0) return <ChartState text="暂无分时数据" />;
  // Before the quote (or the history) arrives, the first minute's price stands in for the previous close.
  const reference = (days === 5 ? fiveDayPrevClose(data, dayK.data?.list) : prevClose) ?? data[0]?.[1] ?? 0;
  return (
    <IntradayChart
      rows={data}
      prevClose={reference}
      minutes={minutes}
      sessions={days}
      formatShares={(shares) => formatVolume(shares, kind)}
    />
  );
}

function KlinePanel({ code, period }: { code: string; period: BarPeriod }) {
  const { data, isPending, isError, refetch } = useDayK(code, true);
  const [adjust, setAdjust] = useState<'forward' | 'none'>('forward');
  const [indicators, setIndicators] = useState<readonly KlineIndicator[]>(indicatorOptions);
  const bars = useMemo(
    () => (data ? aggregateBars(adjustBars(data.list, data.factors, adjust), period) : []),
    [data, adjust, period],
  );
  if (isPending) return loading;
  if (isError) return <ChartState text="K线数据加载失败" onRetry={() => void refetch()} />;
  if (bars.length === 0) return <ChartState text="暂无K线数据" />;
  const toggle = (indicator: KlineIndicator) =>
    setIndicators((current) =>
      current.includes(indicator)
        ? current.filter((item) => item !== indicator)
        : indicatorOptions.filter((item) => item === indicator || current.includes(item)),
    );
  return (
    <>
      <div className="quote-chart__options">
        {data.factors.length > 0 ? (
          <fieldset className="segmented" aria-label="复权">
            <button
              type="button"
              className="segmented__item"
              aria-pressed={adjust === 'forward'}
              onClick={() => setAdjust('forward')}
            >
              前复权
            </button>
            <button
              type="button"
              className="segmented__item"
              aria-pressed={adjust === 'none'}
              onClick={() => setAdjust('none')}
            >
              不复权
            </button>
          </fieldset>
        ) : null}
        <fieldset className="segmented" aria-label="指标">
          {indicatorOptions.map((indicator) => (
            <button
              key={indicator}
              type="button"
              className="segmented__item"
              aria-pressed={indicators.includes(indicator)}
              onClick={() => toggle(indicator)}
            >
              {indicator}
            </button>
          ))}
        </fieldset>
      </div>
      <KlineChart bars={bars} indicators={indicators} />
    </>
  );
}
