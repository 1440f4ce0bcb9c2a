import { href } from '@zhicai/contract';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QueryStates } from '../../../../ui/section/index.ts';
import { useWeeklyPaper } from '../api/weekly-paper.ts';
import { PaperPager } from '../components/paper-pager.tsx';
import { PaperView } from '../components/paper-view.tsx';
import './article-pages.css';

/** /weekly?date=: the 周报 of the week holding the date (the latest without one), with its neighbours. */
export default function WeeklyPaperPage() {
  const [params] = useSearchParams();
  const date = params.get('date') || undefined;
  const paper = useWeeklyPaper(date);

  return (
    <>
      <PageHeader title="周报" />
      <PullToRefresh onRefresh={() => paper.refetch()}>
        <main className="article-page">
          <QueryStates query={paper} skeletonLines={10} errorText="周报加载失败">
            {(data) => (
              <>
                <PaperView paper={data} />
                <PaperPager
                  previous={
                    data.previousDate
                      ? { to: href('weekly', { date: data.previousDate }), label: '上一周' }
                      : null
                  }
                  next={
                    data.nextDate ? { to: href('weekly', { date: data.nextDate }), label: '下一周' } : null
                  }
                />
              </>
            )}
          </QueryStates>
        </main>
      </PullToRefresh>
    </>
  );
}
