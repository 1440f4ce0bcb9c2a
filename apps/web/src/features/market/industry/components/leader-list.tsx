import { Link } from 'react-router';
import { detailHref } from '../../../../platform/links.ts';
import { ChangeText } from '../../../../ui/quote/index.ts';
import './industry.css';

/** 领涨 or 领跌: a few members with their change, each opening its stock page. */
export function LeaderList({
  title,
  rows,
}: {
  title: string;
  rows: readonly { code: string; name: string; chgPct: number | null }[];
}) {
  return (
    <div className="industry-leaders">
      <h3 className="industry-leaders__title">{title}</h3>
      {rows.length === 0 ? (
        <p className="industry-leaders__empty">暂无</p>
      ) : (
        <ul aria-label={title}>
          {rows.map((row) => (
            <li key={row.code}>
              <Link to={detailHref(row.code, 'capital')}>{row.name}</Link>
              <ChangeText value={row.chgPct} kind="percent" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
