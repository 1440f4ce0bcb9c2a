import { LoadMore, loadMoreOf } from '../../../ui/load-more/index.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QuerySection } from '../../../ui/section/index.ts';
import { Segmented } from '../../../ui/segmented/index.ts';
import { MissingCode, useCodeParam } from '../../stock/index.ts';
import { type ConstituentSort, useConstituents } from '../api/constituents.ts';
import { ConstituentRows } from '../components/constituent-rows.tsx';
import { useConstituentSort } from '../hooks/use-constituent-sort.ts';
import '../components/index-pages.css';

const sortOptions: readonly ConstituentSort[] = ['weight', 'chgPct'];
const sortLabels: Record<ConstituentSort, string> = { weight: '权重', chgPct: '涨跌幅' };

/** /componentStockList?stockCode=000300.SH — every constituent of an index, 20 a page. */
export default function ComponentStockListPage() {
  const code = useCodeParam();
  if (!code) return <MissingCode title="成分股" />;
  return <ComponentStockList key={code} code={code} />;
}

function ComponentStockList({ code }: { code: string }) {
  const { sort, order, choose } = useConstituentSort();
  const query = useConstituents(code, sort, order);
  // Refetches every page loaded so far, in the current order.
  const refresh = () => query.refetch();
  const rows = query.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <>
      <PageHeader title="成分股" />
      <Segmented
        className="component-list__sorts"
        label="排序"
        options={sortOptions.map((option) => ({
          value: option,
          label: `${sortLabels[option]}${sort === option ? (order === 'desc' ? ' ↓' : ' ↑') : ''}`,
        }))}
        value={sort}
        onChange={choose}
      />
      <PullToRefresh onRefresh={refresh}>
        <main className="component-list__body">
          <QuerySection
            variant="band"
            title={`${code} 成分股`}
            query={query}
            isEmpty={() => rows.length === 0}
            emptyText="暂无成分股数据"
            skeletonLines={8}
          >
            {() => (
              <>
                <ConstituentRows rows={rows} label="成分股列表" />
                <div className="component-list__more">
                  <LoadMore {...loadMoreOf(query)} />
                </div>
              </>
            )}
          </QuerySection>
        </main>
      </PullToRefresh>
    </>
  );
}
