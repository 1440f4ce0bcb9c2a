import { href } from '@zhicai/contract';
import { formatAmount, toneArrow, toneOfShown } from '@zhicai/domain';
import { Link } from 'react-router';
import { toneClassName } from '../../../ui/quote/index.ts';
import { QueryStates, Section } from '../../../ui/section/index.ts';
import { useNorthSummary } from '../api/north-summary.ts';
import './north-flow.css';

/** 北向资金: today's net buying through the northbound channels, total and per channel. */
export function NorthFlow() {
  const query = useNorthSummary();
  return (
    <Section
      title="北向资金"
      busy={query.isPending}
      aside={
        <>
          <Link to={href('northDates')}>北向详情</Link> <Link to={href('southDates')}>南向</Link>
        </>
      }
    >
      <QueryStates
        query={query}
        skeletonLines={1}
        skeletonTestId="north-skeleton"
        errorText="北向资金加载失败，请检查网络后重试"
      >
        {(data) => (
          <div className="north-flow">
            <Inflow label="净流入" value={data.netInflow} strong />
            {data.channels.map((channel) => (
              <Inflow key={channel.name} label={channel.name} value={channel.netInflow} />
            ))}
          </div>
        )}
      </QueryStates>
    </Section>
  );
}

function Inflow({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  const text = formatAmount(value, { sign: true });
  const tone = toneOfShown(value, text);
  return (
    <p className={strong ? 'north-flow__item north-flow__item--strong' : 'north-flow__item'}>
      <span className="north-flow__label">{label}</span>
      <span className={toneClassName(tone)} data-tone={tone}>
        {toneArrow[tone]}
        {text}
      </span>
    </p>
  );
}
