import { href } from '@zhicai/contract';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { QueryStates, SectionEmpty } from '../../../../ui/section/index.ts';
import { useNoticeDetail } from '../api/notice-detail.ts';
import { pdfHref } from '../components/content-items.tsx';
import '../components/notice.css';

/** /noticeForId?id=: one announcement — title, type, day, summary, and its PDF. */
export default function NoticeDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <>
      <PageHeader title="公告详情" />
      <main className="content-page">
        {Number.isInteger(id) && id > 0 ? (
          <NoticeDetail id={id} />
        ) : (
          <SectionEmpty>缺少公告编号</SectionEmpty>
        )}
      </main>
    </>
  );
}

/** The company's detail page: Hong Kong codes end in .HK. */
function stockHref(code: string): string {
  return code.endsWith('.HK') ? href('stockHk', { stockCode: code }) : href('stock', { stockCode: code });
}

function NoticeDetail({ id }: { id: number }) {
  const query = useNoticeDetail(id);
  return (
    <QueryStates query={query} skeletonLines={6} errorText="公告加载失败">
      {(notice) => (
        <article>
          <h2 className="content-detail__title">{notice.title}</h2>
          <p className="content-item__head">
            <time dateTime={notice.date}>{notice.date}</time>
            <span className="content-item__tag">{notice.type}</span>
            <Link to={stockHref(notice.code)}>{notice.stockName}</Link>
            {notice.source === 'demo' ? <span className="content-demo">演示数据</span> : null}
          </p>
          <p className="content-detail__summary">{notice.summary}</p>
          <Link className="content-more" to={pdfHref(notice.pdf)}>
            查看公告原文（PDF） ›
          </Link>
        </article>
      )}
    </QueryStates>
  );
}
