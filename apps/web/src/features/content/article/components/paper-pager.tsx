import { Link } from 'react-router';

/** 前一期 / 后一期 under a paper: links that replace the page, so back leaves the papers. */
export function PaperPager({
  previous,
  next,
}: {
  previous: { to: string; label: string } | null;
  next: { to: string; label: string } | null;
}) {
  return (
    <nav className="paper-pager" aria-label="往期">
      {previous ? (
        <Link replace to={previous.to}>
          ‹ {previous.label}
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link replace to={next.to}>
          {next.label} ›
        </Link>
      ) : null}
    </nav>
  );
}
