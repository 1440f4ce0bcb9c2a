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
import { SectionEmpty, SectionError, SectionSkeleton } from '../../../ui/section/index.ts';
import { Segmented, SegmentedGroup, SegmentedItem } from '../../../ui/segmented/index.ts';
import { useDayK } from '../api/day-k.ts';
import { useIntraday } from '../api/intraday.ts';
import { fiveDayPrevClose } from '../five-day-prev-close.ts';
import { formatVolume, type QuoteKind } from '../stock-rules.ts';
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

const adjustOptions = [
  { value: 'forward', label: '前复权' },
  { value: 'none', label: '不复权' },
] as const;

export interface QuoteChartProps {
  code: string;
  /** Which session the minute charts span: 'hk' runs to 16:00. */
  market: TradingMarket;
  /** Previous close from the live quote, the intraday chart's 0% line. */
  prevClose: number | null;
  /** What is quoted, for the unit of volumes (手 or 股), as in the quote header. */
  kind: QuoteKind;
}

// The chart's states keep the chart's height, so nothing below moves when it arrives.
const loading = (
  <SectionSkeleton lines={0}>
    <div className="quote-chart__skeleton" />
  </SectionSkeleton>
);

function ChartError({ text, onRetry }: { text: string; onRetry: () => unknown }) {
  return <SectionError className="quote-chart__state" message={text} onRetry={onRetry} />;
}

function ChartEmpty({ text }: { text: string }) {
  return <SectionEmpty className="quote-chart__state">{text}</SectionEmpty>;
}

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
  if (isError) return <ChartError text="分时数据加载失败" onRetry={refetch} />;
  if (data.length === 0) return <ChartEmpty text="暂无分时数据" />;
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
  if (isError) return <ChartError text="K线数据加载失败" onRetry={refetch} />;
  if (bars.length === 0) return <ChartEmpty text="暂无K线数据" />;
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
          <Segmented label="复权" options={adjustOptions} value={adjust} onChange={setAdjust} />
        ) : null}
        <SegmentedGroup label="指标">
          {indicatorOptions.map((indicator) => (
            <SegmentedItem
              key={indicator}
              pressed={indicators.includes(indicator)}
              onClick={() => toggle(indicator)}
            >
              {indicator}
            </SegmentedItem>
          ))}
        </SegmentedGroup>
      </div>
      <KlineChart bars={bars} indicators={indicators} />
    </>
  );
}
