import {
  type AdjustMode,
  adjustBars,
  aggregateBars,
  type BarPeriod,
  type InstrumentType,
  priceDecimals,
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

/** The candle pane shows one of these over the candles (主图). */
const mainOptions = [
  { value: 'MA', label: '均线' },
  { value: 'BOLL', label: 'BOLL' },
] as const satisfies readonly { value: KlineIndicator; label: string }[];

/** The panes below the candles (副图), at most two at a time so the candles keep their height. */
const subOptions = [
  { value: 'VOL', label: '成交量' },
  { value: 'MACD', label: 'MACD' },
  { value: 'KDJ', label: 'KDJ' },
  { value: 'RSI', label: 'RSI' },
] as const satisfies readonly { value: KlineIndicator; label: string }[];

type MainIndicator = (typeof mainOptions)[number]['value'];
type SubIndicator = (typeof subOptions)[number]['value'];

const maxSubPanes = 2;

/**
 * The sub-panes after pressing one: pressing a shown pane hides it; pressing another adds it and, when
 * two are already shown, hides the one chosen longest ago. Kept in the order they were chosen.
 */
function toggleSubPane(current: readonly SubIndicator[], pressed: SubIndicator): SubIndicator[] {
  if (current.includes(pressed)) return current.filter((item) => item !== pressed);
  return [...current, pressed].slice(-maxSubPanes);
}

const adjustOptions = [
  { value: 'forward', label: '前复权' },
  { value: 'backward', label: '后复权' },
  { value: 'none', label: '不复权' },
] as const satisfies readonly { value: AdjustMode; label: string }[];

export interface QuoteChartProps {
  code: string;
  /** Which session the minute charts span: 'hk' runs to 16:00. */
  market: TradingMarket;
  /** Previous close from the live quote, the intraday chart's 0% line. */
  prevClose: number | null;
  /** What is quoted, for the unit of volumes (手 or 股), as in the quote header. */
  kind: QuoteKind;
  /** The instrument's type, for the K-line's price decimals (an ETF's 3.912, not 3.91); A-share by default. */
  type?: InstrumentType | undefined;
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
export function QuoteChart({ code, market, prevClose, kind, type }: QuoteChartProps) {
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
          <KlinePanel code={code} period={tab} kind={kind} type={type} />
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

function KlinePanel({
  code,
  period,
  kind,
  type,
}: {
  code: string;
  period: BarPeriod;
  kind: QuoteKind;
  type: InstrumentType | undefined;
}) {
  const { data, isPending, isError, refetch } = useDayK(code, true);
  const [adjust, setAdjust] = useState<AdjustMode>('forward');
  const [main, setMain] = useState<MainIndicator>('MA');
  const [subPanes, setSubPanes] = useState<readonly SubIndicator[]>(['VOL', 'MACD']);
  const bars = useMemo(
    () => (data ? aggregateBars(adjustBars(data.list, data.factors, adjust), period) : []),
    [data, adjust, period],
  );
  const indicators = useMemo<readonly KlineIndicator[]>(() => [main, ...subPanes], [main, subPanes]);
  if (isPending) return loading;
  if (isError) return <ChartError text="K线数据加载失败" onRetry={refetch} />;
  if (bars.length === 0) return <ChartEmpty text="暂无K线数据" />;
  return (
    <>
      <div className="quote-chart__options">
        {data.factors.length > 0 ? (
          <Segmented label="复权" options={adjustOptions} value={adjust} onChange={setAdjust} />
        ) : null}
        <Segmented label="主图" options={mainOptions} value={main} onChange={setMain} />
        <SegmentedGroup label="副图">
          {subOptions.map((option) => (
            <SegmentedItem
              key={option.value}
              pressed={subPanes.includes(option.value)}
              onClick={() => setSubPanes((current) => toggleSubPane(current, option.value))}
            >
              {option.label}
            </SegmentedItem>
          ))}
        </SegmentedGroup>
      </div>
      {/* Volumes count as in the quote header: 手 for A-shares, 股 for the rest (formatVolume). */}
      <KlineChart
        bars={bars}
        indicators={indicators}
        period={period}
        volumeUnit={kind === 'cn' ? 'lot' : 'share'}
        // Prices at the quote's decimals, the latest close deciding for Hong Kong's spread table.
        pricePrecision={priceDecimals(type ?? 'capital', bars.at(-1)?.[5] ?? 0)}
      />
    </>
  );
}
