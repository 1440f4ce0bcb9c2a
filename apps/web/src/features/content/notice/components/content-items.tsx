import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import type { Notice } from '../api/notice-list.ts';
import type { Research } from '../api/research-list.ts';
import { ratingTone } from '../notice-rules.ts';
import './notice.css';

/** An item's PDF in the app's viewer (/pdf): a tap on an announcement or report opens it. */
export function pdfHref(pdf: string): string {
  return href('pdf', { file: pdf });
}

/** Announcements, newest first; each opens its PDF. `withStock` names the company (market-wide lists). */
export function NoticeItems({
  items,
  withStock,
  label,
}: {
  items: readonly Notice[];
  withStock: boolean;
  label: string;
}) {
  return (
    <ul className="content-items" aria-label={label}>
      {items.map((notice) => (
        <li key={notice.id}>
          <Link className="content-item" to={pdfHref(notice.pdf)}>
            <span className="content-item__head">
              <time dateTime={notice.date}>{notice.date}</time>
              <span className="content-item__tag">{notice.type}</span>
              {withStock ? <span>{notice.stockName}</span> : null}
            </span>
            <span className="content-item__title">{notice.title}</span>
            {notice.summary ? <span className="content-item__summary">{notice.summary}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Research reports, newest first, with rating, its change and the target; each opens its PDF. */
export function ResearchItems({ items, label }: { items: readonly Research[]; label: string }) {
  return (
    <ul className="content-items" aria-label={label}>
      {items.map((report) => (
        <li key={report.id}>
          <Link className="content-item" to={pdfHref(report.pdf)}>
            <span className="content-item__head">
              <time dateTime={report.date}>{report.date}</time>
              <span>{report.institution}</span>
              <span className={`content-item__tag content-item__tag--${ratingTone(report.rating)}`}>
                {report.rating}
              </span>
              <RatingChangeText change={report.ratingChange} />
            </span>
            <span className="content-item__title">{report.title}</span>
            <span className="content-item__facts">
              <span>{report.stockName ?? `${report.industryName ?? '--'}行业`}</span>
              <span>目标价 {report.targetPrice === null ? '--' : report.targetPrice.toFixed(2)}</span>
              <span>分析师 {report.analyst}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** 上调 ▲ in red, 下调 ▼ in green (the arrow so colour is not the only cue), 首次/维持 plain. */
function RatingChangeText({ change }: { change: Research['ratingChange'] }) {
  if (change === '上调') return <span className="content-item__tag--up">上调▲</span>;
  if (change === '下调') return <span className="content-item__tag--down">下调▼</span>;
  return <span>{change}</span>;
}

/** 演示数据 beside a heading when what is listed was generated from the demo market. */
export function demoNote(items: readonly { source: 'demo' | 'import' }[]): string | undefined {
  return items.some((item) => item.source === 'demo') ? '演示数据' : undefined;
}
