import type { Quote } from '@zhicai/contract';
import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import type { FlashItem } from '../api/news-list.ts';
import { flashTime, groupByDay } from '../flash-time.ts';
import { InstrumentChips } from './instrument-chips.tsx';

/**
 * The 7×24 timeline: flashes grouped by Beijing date, each with its time, title and text (bold when
 * important), and its instruments' chips. A flash's title opens its detail page.
 */
export function FlashTimeline({
  flashes,
  quotes,
}: {
  flashes: readonly FlashItem[];
  quotes: ReadonlyMap<string, Quote>;
}) {
  return (
    <div className="flash-timeline">
      {groupByDay(flashes).map((group) => (
        <section key={group.day} className="flash-day" aria-label={group.label}>
          <h2 className="flash-day__label">{group.label}</h2>
          <ol className="flash-list">
            {group.items.map((flash) => (
              <li key={flash.id} className={flash.importance >= 2 ? 'flash is-important' : 'flash'}>
                <time className="flash__time" dateTime={new Date(flash.time).toISOString()}>
                  {flashTime(flash.time).clock}
                </time>
                <div className="flash__content">
                  <Link className="flash__title" to={href('newscastCont', { id: String(flash.id) })}>
                    {flash.title}
                  </Link>
                  <p className="flash__body">{flash.body}</p>
                  <InstrumentChips instruments={flash.instruments} quotes={quotes} />
                </div>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
