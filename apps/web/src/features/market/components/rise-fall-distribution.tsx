import { href } from '@zhicai/contract';
import { formatAmount, type Tone } from '@zhicai/domain';
import { Link } from 'react-router';
import { toneClassName } from '../../../ui/quote/index.ts';
import { QueryStates, Section } from '../../../ui/section/index.ts';
import { type MarketSummary, useMarketSummary } from '../api/market-summary.ts';
import { bucketHeights, bucketTone } from '../market-rules.ts';
import './rise-fall-distribution.css';

/** 涨跌分布: rising/flat/falling counts, limit counts and the 21 buckets as bars. */
export function RiseFallDistribution() {
  const query = useMarketSummary();
  return (
    <Section
      title="涨跌分布"
      busy={query.isPending}
      aside={
        <>
          <Link to={href('swingStocks')}>异动个股</Link> <Link to={href('newDateStock')}>新股日历</Link>
        </>
      }
    >
      <QueryStates
        query={query}
        skeletonLines={4}
        skeletonTestId="distribution-skeleton"
        errorText="涨跌分布加载失败，请检查网络后重试"
      >
        {(data) => <Distribution data={data} />}
      </QueryStates>
    </Section>
  );
}

function Distribution({ data }: { data: MarketSummary }) {
  const { r, f, p, list } = data.rise_fall_stat;
  const heights = bucketHeights(list.map((bucket) => bucket.value));
  const total = r + f + p;
  return (
    <>
      <dl className="rise-fall__counts">
        <Count label="上涨" value={r} tone="up" />
        <Count label="平盘" value={p} tone="flat" />
        <Count label="下跌" value={f} tone="down" />
        <Count label="涨停" value={data.limitUp} tone="up" />
        <Count label="跌停" value={data.limitDown} tone="down" />
      </dl>
      {total > 0 ? (
        <div className="rise-fall__ratio" aria-hidden="true">
          <span className="rise-fall__ratio-up" style={{ flexGrow: r }} />
          <span className="rise-fall__ratio-flat" style={{ flexGrow: p }} />
          <span className="rise-fall__ratio-down" style={{ flexGrow: f }} />
        </div>
      ) : null}
      <ol className="rise-fall__bars" aria-label="涨跌分布柱状图">
        {list.map((bucket, index) => (
          <li
            key={bucket.name}
            className={`rise-fall__bucket rise-fall__bucket--${bucketTone(index)}`}
            aria-label={`${bucket.name} ${formatAmount(bucket.value)}家`}
          >
            <span className="rise-fall__value">{formatAmount(bucket.value)}</span>
            <span className="rise-fall__track">
              <span className="rise-fall__bar" style={{ height: `${(heights[index] ?? 0) * 100}%` }} />
            </span>
            <span className="rise-fall__label">{bucket.name}</span>
          </li>
        ))}
      </ol>
      <p className="rise-fall__amount">
        两市成交额 <span className="num">{formatAmount(data.amount)}</span>
      </p>
    </>
  );
}

function Count({ label, value, tone }: { label: string; value: number; tone: Tone }) {
  return (
    <div className="rise-fall__count">
      <dt>{label}</dt>
      <dd className={toneClassName(tone)}>{formatAmount(value)}</dd>
    </div>
  );
}
