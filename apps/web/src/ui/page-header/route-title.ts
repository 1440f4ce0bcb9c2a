import { routeTable } from '@zhicai/contract';
import { useLocation } from 'react-router';

/** Each route's path as a pattern (`:param` matches one segment), with its table title. */
const titles = routeTable.map((entry) => ({
  pattern: new RegExp(`^${entry.path.replace(/:\w+/g, '[^/]+')}$`),
  title: entry.title,
}));

/**
 * The route table's title of the page being shown. One page often serves several routes (/choose and
 * /stock-picker, /stockNotice and /noticeList), and each is headed by its own title, as the table
 * names it; `fallback` covers a page shown outside the table (a test's bare path).
 */
export function useRouteTitle(fallback: string): string {
  const { pathname } = useLocation();
  return titles.find((entry) => entry.pattern.test(pathname))?.title ?? fallback;
}
