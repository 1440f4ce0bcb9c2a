import { href } from '@zhicai/contract';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QuerySection, SectionEmpty } from '../../../../ui/section/index.ts';
import { useLatestNotices } from '../api/notice-list.ts';
import { useLatestResearch } from '../api/research-list.ts';
import { demoNote, NoticeItems, ResearchItems } from '../components/content-items.tsx';
import '../components/notice.css';

/** Documents shown per kind; the full lists are one tap away. */
const shown = 20;

/**
 * /pdf-list?code= (also /pdf-List) and /HbPDFList?code=: a stock's documents — its announcements
 * and research reports — each opening its PDF in /pdf.
 */
export default function PdfListPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? params.get('stockCode');
  return (
    <>
      <PageHeader title="文档列表" />
      {code ? <StockDocuments code={code} /> : <SectionEmpty>缺少股票代码</SectionEmpty>}
    </>
  );
}

function StockDocuments({ code }: { code: string }) {
  const notices = useLatestNotices(code, shown);
  const research = useLatestResearch(code, shown);
  return (
    <PullToRefresh onRefresh={() => Promise.all([notices.refetch(), research.refetch()])}>
      <main className="content-page">
        <QuerySection
          title="公告"
          aside={notices.data ? demoNote(notices.data.list) : undefined}
          query={notices}
          isEmpty={(page) => page.list.length === 0}
          emptyText="暂无公告"
        >
          {(page) => (
            <>
              <NoticeItems items={page.list} withStock={false} label="公告文档" />
              {page.lastId !== null ? (
                <Link className="content-more" to={href('noticeList', { code })}>
                  全部公告 ›
                </Link>
              ) : null}
            </>
          )}
        </QuerySection>
        <QuerySection
          title="研报"
          aside={research.data ? demoNote(research.data.list) : undefined}
          query={research}
          isEmpty={(page) => page.list.length === 0}
          emptyText="暂无研报"
        >
          {(page) => (
            <>
              <ResearchItems items={page.list} label="研报文档" />
              {page.lastId !== null ? (
                <Link className="content-more" to={href('reportList', { code })}>
                  全部研报 ›
                </Link>
              ) : null}
            </>
          )}
        </QuerySection>
      </main>
    </PullToRefresh>
  );
}
