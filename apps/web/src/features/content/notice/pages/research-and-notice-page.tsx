import { noticeTypes, researchRatings } from '@zhicai/contract';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { Segmented } from '../../../../ui/segmented/index.ts';
import { useNoticeList } from '../api/notice-list.ts';
import { useResearchInstitutions } from '../api/research-institutions.ts';
import { useResearchList } from '../api/research-list.ts';
import { NoticeItems, ResearchItems } from '../components/content-items.tsx';
import { CursorList, FilterChips } from '../components/cursor-list.tsx';
import { useChoiceParam } from '../hooks/use-choice-param.ts';

const tabs = ['notice', 'research'] as const;
type Tab = (typeof tabs)[number];

/**
 * /researchAndNotice?tab=&code= (home icon 研报公告): the market's latest announcements (by type) and
 * research reports (by rating and institution), or one stock's with `code`. Kept alive, one
 * instance per code; dropped by a push to / or /favorite (spec 2 §2.3, routes.ts).
 */
export default function ResearchAndNoticePage() {
  const [tab = 'notice', setTab] = useChoiceParam<Tab>('tab', tabs);
  const code = useSearchParams()[0].get('code') || undefined;
  return (
    <>
      <PageHeader title="研报公告" />
      <Segmented
        label="研报公告"
        options={[
          { value: 'notice', label: '公告' },
          { value: 'research', label: '研报' },
        ]}
        value={tab}
        onChange={setTab}
      />
      {tab === 'notice' ? <MarketNotices code={code} /> : <MarketResearch code={code} />}
    </>
  );
}

function MarketNotices({ code }: { code: string | undefined }) {
  const [type, setType] = useChoiceParam('type', noticeTypes);
  const query = useNoticeList(code, type);
  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      <main className="content-page">
        <FilterChips label="公告类型" options={noticeTypes} value={type} onChange={setType} />
        <CursorList query={query} emptyText="暂无公告" errorText="公告加载失败">
          {(items) => <NoticeItems items={items} withStock={!code} label="最新公告" />}
        </CursorList>
      </main>
    </PullToRefresh>
  );
}

function MarketResearch({ code }: { code: string | undefined }) {
  const [rating, setRating] = useChoiceParam('rating', researchRatings);
  const institutions = useResearchInstitutions().data ?? [];
  const [institution, setInstitution] = useChoiceParam('institution', institutions);
  const query = useResearchList({ code, rating, institution });
  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      <main className="content-page">
        <FilterChips label="评级" options={researchRatings} value={rating} onChange={setRating} />
        {institutions.length > 0 ? (
          <FilterChips label="机构" options={institutions} value={institution} onChange={setInstitution} />
        ) : null}
        <CursorList query={query} emptyText="暂无研报" errorText="研报加载失败">
          {(items) => <ResearchItems items={items} label="最新研报" />}
        </CursorList>
      </main>
    </PullToRefresh>
  );
}
