import { researchRatings } from '@zhicai/contract';
import { useSearchParams } from 'react-router';
import { PageHeader, useRouteTitle } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { useResearchList } from '../api/research-list.ts';
import { ResearchItems } from '../components/content-items.tsx';
import { CursorList, FilterChips } from '../components/cursor-list.tsx';
import { useChoiceParam } from '../hooks/use-choice-param.ts';

/**
 * /reportList and /reportListNew ?code= or ?industry= (or neither, the market's): research reports
 * newest first, filtered by rating, by cursor.
 */
export default function ReportListPage() {
  const routeTitle = useRouteTitle('研报');
  const [params] = useSearchParams();
  const code = params.get('code') || undefined;
  const industry = params.get('industry') || undefined;
  const [rating, setRating] = useChoiceParam('rating', researchRatings);
  const query = useResearchList({ code, industry, rating });
  const first = query.data?.pages[0]?.list[0];
  const subject = code
    ? (first?.stockName ?? code)
    : industry
      ? `${first?.industryName ?? industry}行业`
      : '';
  return (
    <>
      <PageHeader title={subject ? `${subject} 研报` : routeTitle} />
      <PullToRefresh onRefresh={() => query.refetch()}>
        <main className="content-page">
          <FilterChips label="评级" options={researchRatings} value={rating} onChange={setRating} />
          <CursorList query={query} emptyText="暂无研报" errorText="研报加载失败">
            {(items) => <ResearchItems items={items} label="研报列表" />}
          </CursorList>
        </main>
      </PullToRefresh>
    </>
  );
}
