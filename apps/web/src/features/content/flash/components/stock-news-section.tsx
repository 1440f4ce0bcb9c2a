import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { QuerySection } from '../../../../ui/section/index.ts';
import { useInstrumentFlashes } from '../api/news-list.ts';
import { flashTime } from '../flash-time.ts';
import '../flash.css';

/** Flashes a detail page's 新闻 section lists before its 更多 link. */
export const stockNewsCount = 5;

/**
 * 新闻 on a detail page (issue 17 item 8): the latest flashes about the instrument, each opening
 * its detail, and 更多 opening the 7×24 timeline narrowed to the instrument.
 */
export function StockNewsSection({ code }: { code: string }) {
  const news = useInstrumentFlashes(code, stockNewsCount);
  return (
    <QuerySection
      title="新闻"
      query={news}
      skeletonLines={3}
      isEmpty={(data) => data.list.length === 0}
      emptyText="暂无相关新闻"
      aside={<Link to={href('SevenEleven', { code })}>更多</Link>}
    >
      {(data) => (
        <ul className="stock-news">
          {data.list.map((flash) => (
            <li key={flash.id}>
              <Link className="stock-news__item" to={href('newscastCont', { id: String(flash.id) })}>
                <span
                  className={flash.importance >= 2 ? 'stock-news__title is-important' : 'stock-news__title'}
                >
                  {flash.title}
                </span>
                <time className="stock-news__time" dateTime={new Date(flash.time).toISOString()}>
                  {flashTime(flash.time).full}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </QuerySection>
  );
}
