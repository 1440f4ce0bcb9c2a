import type { Quote } from '@zhicai/contract';
import type { FlashItem } from '../api/news-list.ts';
import { flashTime } from '../flash-time.ts';
import { InstrumentChips } from './instrument-chips.tsx';

const importanceLabels: Record<number, string | null> = { 1: null, 2: '重要', 3: '头条' };

/** One flash in full: its importance tag, time, title, text, sectors and instruments. */
export function FlashArticle({ flash, quotes }: { flash: FlashItem; quotes: ReadonlyMap<string, Quote> }) {
  const tag = importanceLabels[flash.importance];
  return (
    <article className={flash.importance >= 2 ? 'flash-article is-important' : 'flash-article'}>
      <p className="flash-article__meta">
        {tag ? <span className="flash-article__tag">{tag}</span> : null}
        <time dateTime={new Date(flash.time).toISOString()}>{flashTime(flash.time).full}</time>
        {flash.source === 'demo' ? <span className="flash-article__demo">演示数据</span> : null}
      </p>
      <h1 className="flash-article__title">{flash.title}</h1>
      <p className="flash-article__body">{flash.body}</p>
      {flash.sectors.length > 0 ? (
        <p className="flash-article__sectors">
          相关板块：{flash.sectors.map((sector) => sector.name).join('、')}
        </p>
      ) : null}
      <InstrumentChips instruments={flash.instruments} quotes={quotes} />
    </article>
  );
}
