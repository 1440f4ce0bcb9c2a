import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { QuerySection } from '../../../../ui/section/index.ts';
import { type IndustryCompare, useIndustryCompare } from '../../api/industry-compare.ts';
import { IndustryCompareSection } from '../../components/industry-compare-section.tsx';
import { MissingCode } from '../../components/missing-code.tsx';
import { formatCompareCell } from '../../stock-rules.ts';
import { rankIn } from '../compare-rules.ts';
import '../components/compare.css';

/** Which end ranks first on each 行业对比 column: cheaper valuations rank first, larger figures otherwise. */
const lowerIsBetter = new Set(['pe', 'pb']);

function Ranks({ data, code }: { data: IndustryCompare; code: string }) {
  const own = data.list.find((row) => row.code === code);
  const cells = (row: IndustryCompare['list'][number]) => row as unknown as Record<string, number | null>;
  return (
    <dl className="compare-ranks">
      {data.catalog.map((column) => {
        const rank = rankIn(
          data.list.map((row) => ({ code: row.code, value: cells(row)[column.key] ?? null })),
          code,
          lowerIsBetter.has(column.key) ? 'low' : 'high',
        );
        return (
          <div key={column.key} data-column={column.key}>
            <dt>{column.optname}</dt>
            <dd>
              {own ? formatCompareCell(cells(own)[column.key], column.unit) : '--'}
              <span className="compare-ranks__rank">{rank ? `第 ${rank.rank}/${rank.of} 名` : '--'}</span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * /IndustryCompare?code=…: a stock against the other members of its SW industry — its rank on each
 * key ratio, then the industry table of the stock page (the same component and query, name column
 * fixed while the ratios scroll sideways).
 */
export default function IndustryComparePage() {
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim().toUpperCase();
  if (!code) return <MissingCode title="行业对比" />;
  return <IndustryCompareContent code={code} />;
}

function IndustryCompareContent({ code }: { code: string }) {
  const query = useIndustryCompare(code);
  const own = query.data?.list.find((row) => row.code === code);
  return (
    <>
      <PageHeader title="行业对比" />
      <main className="compare-page">
        <QuerySection
          title={own ? `${own.name}的行业排名` : '行业排名'}
          label="行业排名"
          query={query}
          isEmpty={(data) => data.list.length === 0}
          emptyText="暂无同行业数据"
        >
          {(data) => <Ranks data={data} code={code} />}
        </QuerySection>
        <IndustryCompareSection code={code} />
      </main>
    </>
  );
}
