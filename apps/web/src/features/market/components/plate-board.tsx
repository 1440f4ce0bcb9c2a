import { href } from '@zhicai/contract';
import { codeSuffix } from '@zhicai/domain';
import { Link } from 'react-router';
import { ChangeText, toneOfChange } from '../../../ui/quote/index.ts';
import { QueryStates, Section } from '../../../ui/section/index.ts';
import { type PlateRow, usePlateStat } from '../api/plate-stat.ts';
import '../../../ui/quote/quote-tile.css';
import './plate-board.css';

/** 行业板块: the six best (ascOrDesc -1, 领涨) or worst (1, 领跌) SW industries today; 更多 opens 找行业. */
export function PlateBoard({ direction }: { direction: 'up' | 'down' }) {
  const title = direction === 'up' ? '行业板块 · 领涨' : '行业板块 · 领跌';
  const query = usePlateStat(direction === 'up' ? '-1' : '1');

  return (
    <Section title={title} busy={query.isPending} aside={<Link to={href('SearchIndustry')}>更多</Link>}>
      <QueryStates
        query={query}
        skeletonLines={3}
        skeletonTestId="plate-skeleton"
        errorText="板块数据加载失败，请检查网络后重试"
        isEmpty={(data) => data.list.length === 0}
        emptyText="暂无板块数据"
      >
        {(data) => (
          <ul className="plate-grid">
            {data.list.map((plate) => (
              <li key={plate.code}>
                <PlateCard plate={plate} />
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </Section>
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
  const className = `quote-tile quote-tile--${toneOfChange(plate.chgPct, 'percent')} plate-card`;
  // SW industries (.ZSI) and concepts (.WI) open their plate page (行业详情: the index's quote and
  // chart with its members); another code has nowhere to go.
  const suffix = codeSuffix(plate.code);
  return suffix === 'ZSI' || suffix === 'WI' ? (
    <Link to={href('IndustryDetail', { code: plate.code })} className={className}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}
