import type { InstrumentRef } from '@zhicai/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { detailHref } from '../../../platform/links.ts';
import { useDebouncedValue } from '../../../platform/use-debounced-value.ts';
import { useGoBack } from '../../../ui/page-header/index.ts';
import { QueryStates, SectionSkeleton } from '../../../ui/section/index.ts';
import { WatchlistButton } from '../../watchlist/index.ts';
import { useRiseFallCapitals } from '../api/rise-fall-capitals.ts';
import { useSearch } from '../api/search.ts';
import { InstrumentBadge } from '../components/instrument-badge.tsx';
import { useRecentSearches } from '../hooks/recent-searches.ts';
import { splitMatch } from '../market-rules.ts';
import './search-page.css';

/** Results follow the typing once it pauses this long (ms). */
export const searchDebounceMs = 150;

/** /search — instant search by code, name or pinyin, with 最近搜索 and 热门股票 while empty. */
export default function SearchPage() {
  const [text, setText] = useState('');
  const keyword = useDebouncedValue(text.trim(), searchDebounceMs);
  const goBack = useGoBack();
  const input = useRef<HTMLInputElement>(null);

  // The keyboard opens on arrival: searching is the only thing this page is for.
  useEffect(() => input.current?.focus(), []);

  return (
    <>
      <header className="search-header">
        <h1 className="visually-hidden">搜索</h1>
        <search className="search-header__form">
          <form onSubmit={(event) => event.preventDefault()}>
            <input
              ref={input}
              className="search-header__input"
              type="search"
              enterKeyHint="search"
              aria-label="搜索股票、基金、指数"
              placeholder="输入代码/名称/拼音"
              value={text}
              maxLength={40}
              onChange={(event) => setText(event.target.value)}
            />
          </form>
        </search>
        <button type="button" className="search-header__cancel" onClick={goBack}>
          取消
        </button>
      </header>
      <main className="search-main">
        {text.trim() === '' ? <SearchHome /> : <SearchResults keyword={keyword} />}
      </main>
    </>
  );
}

function SearchResults({ keyword }: { keyword: string }) {
  const query = useSearch(keyword);
  // The keyword waits for typing to pause; until then the results are still to come.
  if (keyword === '') return <SectionSkeleton lines={5} testId="search-skeleton" />;
  return (
    <QueryStates
      query={query}
      skeletonLines={5}
      skeletonTestId="search-skeleton"
      errorText="搜索失败，请检查网络后重试"
      isEmpty={(data) => data.length === 0}
      emptyText="未找到相关结果"
    >
      {(data) => (
        <ul className="search-list" aria-label="搜索结果">
          {data.map((hit) => (
            <li key={hit.code} className="search-list__row">
              <HitLink hit={hit} keyword={keyword} />
              <WatchlistButton code={hit.code} name={hit.name} variant="inline" />
            </li>
          ))}
        </ul>
      )}
    </QueryStates>
  );
}

function Highlighted({ text, keyword }: { text: string; keyword: string }) {
  const { before, match, after } = splitMatch(text, keyword);
  if (match === null) return <>{text}</>;
  return (
    <>
      {before}
      <mark className="search-hit__mark">{match}</mark>
      {after}
    </>
  );
}

/** A found or remembered instrument; tapping it remembers it and opens its detail page. */
function HitLink({ hit, keyword = '' }: { hit: InstrumentRef & { delisted?: boolean }; keyword?: string }) {
  const add = useRecentSearches((state) => state.add);
  return (
    <Link to={detailHref(hit.code, hit.type)} className="search-hit" onClick={() => add(hit)}>
      <span className="search-hit__name">
        <Highlighted text={hit.name} keyword={keyword} />
      </span>
      <span className="search-hit__code">
        <Highlighted text={hit.code} keyword={keyword} />
      </span>
      <InstrumentBadge code={hit.code} type={hit.type} />
      {hit.delisted ? <span className="search-hit__delisted">已退市</span> : null}
    </Link>
  );
}

function SearchHome() {
  const items = useRecentSearches((state) => state.items);
  const clear = useRecentSearches((state) => state.clear);
  return (
    <>
      {items.length > 0 ? (
        <section className="search-block" aria-label="最近搜索">
          <div className="search-block__head">
            <h2 className="search-block__title">最近搜索</h2>
            <button type="button" className="search-block__clear" onClick={clear}>
              清空
            </button>
          </div>
          <ul className="search-list">
            {items.map((item) => (
              <li key={item.code}>
                <HitLink hit={item} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <HotStocks />
    </>
  );
}

/** 热门股票: today's most traded stocks, a starting point before anything is typed. */
function HotStocks() {
  const query = useRiseFallCapitals('amount', 6);
  return (
    <section className="search-block" aria-label="热门股票">
      <div className="search-block__head">
        <h2 className="search-block__title">热门股票</h2>
      </div>
      <QueryStates
        query={query}
        skeletonLines={3}
        skeletonTestId="hot-skeleton"
        errorText="热门股票加载失败"
        isEmpty={(data) => data.length === 0}
        emptyText="暂无热门股票"
      >
        {(data) => (
          <ul className="search-list">
            {data.map((row) => (
              <li key={row.code}>
                <HitLink hit={{ code: row.code, name: row.name, type: row.type }} />
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}
