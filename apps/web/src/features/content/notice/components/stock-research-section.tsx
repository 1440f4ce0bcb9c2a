import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { QuerySection } from '../../../../ui/section/index.ts';
import { StockNewsSection } from '../../flash/components/stock-news-section.tsx';
import { useLatestResearch } from '../api/research-list.ts';
import { demoNote, ResearchItems } from './content-items.tsx';
import { StockNoticeSection } from './stock-notice-section.tsx';
import './notice.css';

/** 研报 on a stock's detail page: the latest three, each opening its PDF, and 更多 to the stock's reports. */
export function StockResearchSection({ code }: { code: string }) {
  const query = useLatestResearch(code);
  return (
    <QuerySection
      variant="band"
      title="研报"
      aside={query.data ? demoNote(query.data.list) : undefined}
      query={query}
      isEmpty={(page) => page.list.length === 0}
      emptyText="暂无研报"
      skeletonLines={3}
    >
      {(page) => (
        <>
          <ResearchItems items={page.list} label="最新研报" />
          <Link className="content-more" to={href('reportList', { code })}>
            更多研报 ›
          </Link>
        </>
      )}
    </QuerySection>
  );
}

/** The content sections of a stock's detail page, in their order: 新闻, 公告, then 研报. */
export function StockContentSections({ code, market }: { code: string; market: 'cn' | 'hk' }) {
  return (
    <>
      <StockNewsSection code={code} />
      <StockNoticeSection code={code} market={market} />
      <StockResearchSection code={code} />
    </>
  );
}
