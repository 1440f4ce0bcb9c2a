import { codeSuffix } from '@zhicai/domain';
import { Link } from 'react-router';
import { ChangeText } from '../../../ui/quote/index.ts';
import { type PlateRow, usePlateStat } from '../api/plate-stat.ts';
import { indexHref, toneOfChange } from '../market-rules.ts';
import { MarketSection, SectionEmpty, SectionError, SectionSkeleton } from './section-state.tsx';
import '../../../ui/quote/quote-tile.css';
import './plate-board.css';

/** 行业板块: the six best (ascOrDesc -1, 领涨) or worst (1, 领跌) SW industries today. */
export function PlateBoard({ direction }: { direction: 'up' | 'down' }) {
  const title = direction === 'up' ? '行业板块 · 领涨' : '行业板块 · 领跌';
  const { data, isPending, isError, isRefetching, refetch } = usePlateStat(direction === 'up' ? '-1' : '1');

  return (
    <MarketSection title={title} busy={isPending}>
      {isPending ? (
        <SectionSkeleton rows={3} testId="plate-skeleton" />
      ) : isError ? (
        <SectionError
          message="板块数据加载失败，请检查网络后重试"
          onRetry={refetch}
          retrying={isRefetching}
        />
      ) : data.list.length === 0 ? (
        <SectionEmpty>暂无板块数据</SectionEmpty>
      ) : (
        <ul className="plate-grid">
          {data.list.map((plate) => (
            <li key={plate.code}>
              <PlateCard plate={plate} />
            </li>
          ))}
        </ul>
      )}
    </MarketSection>
  );
}

function PlateCard({ plate }: { plate: PlateRow }) {
  const body = (
    <>
      <span className="plate-card__name">{plate.name}</span>
      <span className="plate-card__change">
        <ChangeText value={plate.chgPct} kind="percent" />
      </span>
      <span className="plate-card__leader">
        {plate.leader ? (
          <>
            <span className="plate-card__leader-name">{plate.leader.name}</span>
            <ChangeText value={plate.leader.chgPct} kind="percent" />
          </>
        ) : (
          '--'
        )}
      </span>
    </>
  );
  const className = `quote-tile quote-tile--${toneOfChange(plate.chgPct)} plate-card`;
  // SW industries (.ZSI) and concepts (.WI) have index pages; another code has nowhere to go.
  const suffix = codeSuffix(plate.code);
  return suffix === 'ZSI' || suffix === 'WI' ? (
    <Link to={indexHref(plate.code)} className={className}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}
