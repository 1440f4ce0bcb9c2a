import { href } from '@zhicai/contract';
import { Link, useSearchParams } from 'react-router';
import { PageHeader, useRouteTitle } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QueryStates } from '../../../../ui/section/index.ts';
import { type DailyKind, useDailyPaper } from '../api/daily-paper.ts';
import { PaperPager } from '../components/paper-pager.tsx';
import { PaperView } from '../components/paper-view.tsx';
import './article-pages.css';

const kinds: readonly { kind: DailyKind; name: string }[] = [
  { kind: 'morning', name: '晨报' },
  { kind: 'evening', name: '晚报' },
];

/** 晚报 once the session has closed (15:00 Beijing) and its paper is out, 晨报 before. */
export function defaultKind(now: Date): DailyKind {
  const beijingMinutes = (now.getUTCHours() * 60 + now.getUTCMinutes() + 8 * 60) % (24 * 60);
  return beijingMinutes >= 15 * 60 + 30 ? 'evening' : 'morning';
}

/**
 * /dailyPaper, /dailyPape and /daily (?date=&kind=): 投资日报, the 晨报 or 晚报 of a date (the latest
 * without one), with the previous and next issue. Tab and date stay in the URL (replaced, so back
 * leaves the paper).
 */
export default function DailyPaperPage() {
  const routeTitle = useRouteTitle('投资日报');
  const [params] = useSearchParams();
  const date = params.get('date') ?? params.get('pushDate') ?? undefined;
  const kindParam = params.get('kind');
  const kind: DailyKind =
    kindParam === 'morning' || kindParam === 'evening' ? kindParam : defaultKind(new Date());
  const paper = useDailyPaper(kind, date || undefined);
  const link = (next: { date?: string | null; kind: DailyKind }) =>
    href('dailyPaper', { kind: next.kind, ...(next.date ? { date: next.date } : {}) });

  return (
    <>
      <PageHeader title={routeTitle} />
      <nav className="article-tabs" aria-label="日报类型">
        <div role="tablist" className="article-tabs__list">
          {kinds.map((item) => (
            <Link
              key={item.kind}
              role="tab"
              replace
              aria-selected={item.kind === kind}
              className={item.kind === kind ? 'article-tab is-current' : 'article-tab'}
              to={link({ kind: item.kind, date: date ?? null })}
            >
              {item.name}
            </Link>
          ))}
          <Link className="article-tab" to={href('weekly')}>
            周报
          </Link>
        </div>
      </nav>
      <PullToRefresh onRefresh={() => paper.refetch()}>
        <main className="article-page">
          <QueryStates query={paper} skeletonLines={10} errorText="日报加载失败">
            {(data) => (
              <>
                <PaperView paper={data} />
                <PaperPager
                  previous={
                    data.previousDate
                      ? { to: link({ kind, date: data.previousDate }), label: `前一期 ${data.previousDate}` }
                      : null
                  }
                  next={
                    data.nextDate
                      ? { to: link({ kind, date: data.nextDate }), label: `后一期 ${data.nextDate}` }
                      : null
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
