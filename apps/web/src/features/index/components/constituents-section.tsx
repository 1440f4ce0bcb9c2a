import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { QuerySection } from '../../../ui/section/index.ts';
import { useTopConstituents } from '../api/constituents.ts';
import { ConstituentRows } from './constituent-rows.tsx';

/** 成分股: the ten heaviest constituents, with 查看全部 leading to the full list. */
export function ConstituentsSection({ code }: { code: string }) {
  const query = useTopConstituents(code);
  return (
    <QuerySection
      variant="band"
      title="成分股"
      query={query}
      isEmpty={(data) => data.list.length === 0}
      emptyText="暂无成分股数据"
      skeletonLines={5}
      aside={<Link to={href('componentStockList', { stockCode: code })}>查看全部</Link>}
    >
      {(data) => <ConstituentRows rows={data.list} label="权重前十成分股" />}
    </QuerySection>
  );
}
