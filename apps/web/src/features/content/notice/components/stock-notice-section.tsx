import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { QuerySection } from '../../../../ui/section/index.ts';
import { reportHref, reportPeriodTitle } from '../../../report/index.ts';
import { useLatestNotices } from '../api/notice-list.ts';
import { demoNote, NoticeItems } from './content-items.tsx';
import './notice.css';

/**
 * 公告 on a stock's detail page: the latest three, each opening its PDF, and 更多 to the stock's
 * announcement list. On an A-share (`market` cn) also 财报速览 of the latest periodic report.
 */
export function StockNoticeSection({ code, market }: { code: string; market: 'cn' | 'hk' }) {
  const query = useLatestNotices(code);
  const more =
    market === 'cn' ? href('stockNotice', { stockCode: code }) : href('stockNoticeHK', { stockCode: code });
  return (
    <QuerySection
      variant="band"
      title="公告"
      aside={query.data ? demoNote(query.data.list) : undefined}
      query={query}
      isEmpty={(page) => page.list.length === 0}
      emptyText="暂无公告"
      skeletonLines={3}
    >
      {(page) => (
        <>
          {market === 'cn' ? <LatestReportLink code={code} /> : null}
          <NoticeItems items={page.list} withStock={false} label="最新公告" />
          <Link className="content-more" to={more}>
            更多公告 ›
          </Link>
        </>
      )}
    </QuerySection>
  );
}

/** 财报速览 of the latest 定期报告 (spec 2 §2.1 route), when the company has published one. */
function LatestReportLink({ code }: { code: string }) {
  const latest = useLatestNotices(code, 1, '定期报告');
  const period = latest.data?.list[0]?.reportPeriod;
  if (!period) return null;
  return (
    <Link className="content-more" to={reportHref(code, period)}>
      财报速览：{reportPeriodTitle(period)} ›
    </Link>
  );
}
