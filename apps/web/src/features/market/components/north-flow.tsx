import { formatAmount } from '@zhicai/domain';
import { useNorthSummary } from '../api/north-summary.ts';
import { toneOfChange } from '../market-rules.ts';
import { MarketSection, SectionError, SectionSkeleton } from './section-state.tsx';
import './north-flow.css';

const arrows = { up: '▲', down: '▼', flat: '' } as const;

/** 北向资金: today's net buying through the northbound channels, total and per channel. */
export function NorthFlow() {
  const { data, isPending, isError, isRefetching, refetch } = useNorthSummary();
  return (
    <MarketSection title="北向资金" busy={isPending}>
      {isPending ? (
        <SectionSkeleton rows={1} testId="north-skeleton" />
      ) : isError ? (
        <SectionError
          message="北向资金加载失败，请检查网络后重试"
          onRetry={refetch}
          retrying={isRefetching}
        />
      ) : (
        <div className="north-flow">
          <Inflow label="净流入" value={data.netInflow} strong />
          {data.channels.map((channel) => (
            <Inflow key={channel.name} label={channel.name} value={channel.netInflow} />
          ))}
        </div>
      )}
    </MarketSection>
  );
}

function Inflow({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  const tone = toneOfChange(value);
  return (
    <p className={strong ? 'north-flow__item north-flow__item--strong' : 'north-flow__item'}>
      <span className="north-flow__label">{label}</span>
      <span className={`num tone-${tone}`}>
        {arrows[tone]}
        {formatAmount(value, { sign: true })}
      </span>
    </p>
  );
}
