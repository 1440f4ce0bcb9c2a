import type { Quote } from '@zhicai/contract';
import { href } from '@zhicai/contract';
import { memo, startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useOnScreenQuotes } from '../../../../platform/quotes/use-on-screen-quotes.ts';
import type { QuoteSocket } from '../../../../platform/socket/quote-socket.ts';
import type { FlashItem } from '../api/news-list.ts';
import { flashTime } from '../flash-time.ts';
import { type RowRange, useRowsOnScreen } from '../hooks/use-rows-on-screen.ts';
import { InstrumentChips } from './instrument-chips.tsx';

/** One entry of the timeline as windowed: a day's label, or a flash under it. */
type TimelineItem =
  | { kind: 'day'; key: string; day: string; label: string }
  | { kind: 'flash'; key: string; day: string; label: string; flash: FlashItem };

/** No flash row is shorter (px): the first paint builds as many rows as would fill a screen of them. */
const shortestFlashPx = 100;
/** A phone's screen until the window's own is known (jsdom has none). */
const fallbackViewportPx = 812;

type FlashEntry = Extract<TimelineItem, { kind: 'flash' }>;

/**
 * Each flash's entry, made once per flash object: a page loaded at the end of a long scroll works
 * out the Beijing day of its own 30 flashes, not of the thousand above it.
 */
const entries = new WeakMap<FlashItem, FlashEntry>();

function entryOf(flash: FlashItem): FlashEntry {
  let entry = entries.get(flash);
  if (!entry) {
    const { day, dayLabel } = flashTime(flash.time);
    entry = { kind: 'flash', key: `flash:${flash.id}`, day, label: dayLabel, flash };
    entries.set(flash, entry);
  }
  return entry;
}

/** The flashes (newest first) with a day's label before the first flash of each day. */
function timelineItems(flashes: readonly FlashItem[]): TimelineItem[] {
  const items: TimelineItem[] = [];
  let day = '';
  for (const flash of flashes) {
    const entry = entryOf(flash);
    if (entry.day !== day) {
      day = entry.day;
      items.push({ kind: 'day', key: `day:${day}`, day, label: entry.label });
    }
    items.push(entry);
  }
  return items;
}

/** The codes of the chips of the flashes (rows) in `range`, each once. */
function chipCodesIn(flashes: readonly FlashItem[], range: RowRange | null): string[] {
  if (range === null) return [];
  const codes = new Set<string>();
  for (const flash of flashes.slice(range.start, range.end))
    for (const { code } of flash.instruments) codes.add(code);
  return [...codes];
}

/** The rendered entries by day, each day a section (its label only when on screen). */
function byDay(items: readonly TimelineItem[]) {
  const days: { day: string; label: string; items: TimelineItem[] }[] = [];
  for (const item of items) {
    const last = days.at(-1);
    if (last?.day === item.day) last.items.push(item);
    else days.push({ day: item.day, label: item.label, items: [item] });
  }
  return days;
}

/**
 * The 7×24 timeline: flashes grouped by Beijing date, each with its time, title and text (bold when
 * important), and its instruments' chips. A flash's title opens its detail page.
 *
 * The timeline of an infinite scroll holds a thousand flashes and more, and the live quotes change
 * every tick (issue 17 benchmark: first content ≤ 1 s and scroll frames p95 ≤ 16.7 ms at 4× CPU).
 * Every loaded flash stays in the DOM: a scroll then changes nothing on the page, as a static page's
 * does, and a page of 30 rows is built once when it loads. Windowed (only the rows near the screen
 * mounted), each flick mounted and dropped a dozen rows of text and chips, and at 4× CPU almost
 * every frame that did so missed its vsync (measured: 1,089 late vsyncs of 2,417, p95 117 ms at
 * load 3.9, against 633 late in 72 frames, p95 16.7 ms at load 3.5, with every row mounted). The
 * first paint still builds one screen of rows only. The grouping is computed once per list, and a
 * row renders again only when its flash or its own chips' changes do.
 *
 * The chips on screen are live (a socket takes 200 codes, the timeline's chips run to thousands):
 * the rows on screen are read once a scroll rests (useRowsOnScreen) and their codes followed, chips
 * that come on screen get their change by a realTime call of their own, and chips scrolled past keep
 * the last change they showed.
 */
export function FlashTimeline({
  flashes,
  onShare,
  socket,
}: {
  flashes: readonly FlashItem[];
  /** 分享 on a row; the same function on every render, so rows do not render again for it. */
  onShare: (flash: FlashItem) => void;
  /** The page's socket unless a test hands in its own. */
  socket?: QuoteSocket;
}) {
  const items = useMemo(() => timelineItems(flashes), [flashes]);
  const list = useRef<HTMLDivElement>(null);
  // The first paint builds one screen of rows (first content ≤ 1 s); the rest follow a frame later.
  const [firstScreenOnly, setFirstScreenOnly] = useState(true);
  useEffect(() => {
    const frame = requestAnimationFrame(() => startTransition(() => setFirstScreenOnly(false)));
    return () => cancelAnimationFrame(frame);
  }, []);
  const viewport = (typeof window === 'undefined' ? 0 : window.innerHeight) || fallbackViewportPx;
  const rendered = firstScreenOnly ? Math.ceil(viewport / shortestFlashPx) : flashes.length;
  const days = useMemo(() => {
    const shown: TimelineItem[] = [];
    let rows = 0;
    for (const item of items) {
      if (item.kind === 'flash') {
        if (rows === rendered) break;
        rows += 1;
      }
      shown.push(item);
    }
    return byDay(shown);
  }, [items, rendered]);
  const onScreen = useRowsOnScreen(list, 'flash', Math.min(rendered, flashes.length));
  const chipCodes = useMemo(() => chipCodesIn(flashes, onScreen), [flashes, onScreen]);
  const quotes = useOnScreenQuotes(chipCodes, socket ? { socket } : {});
  return (
    <div
      ref={list}
      className="flash-timeline"
      // Until the rest are rendered, a spacer keeps 加载更多 below the screen, so it loads nothing yet.
      style={firstScreenOnly ? { paddingBottom: viewport } : undefined}
    >
      {days.map((group) => (
        <section key={group.day} className="flash-day" aria-label={group.label}>
          {group.items[0]?.kind === 'day' ? <h2 className="flash-day__label">{group.label}</h2> : null}
          <ol className="flash-list">
            {group.items.map((item) =>
              item.kind === 'flash' ? (
                <FlashRow key={item.key} flash={item.flash} quotes={quotes} onShare={onShare} />
              ) : null,
            )}
          </ol>
        </section>
      ))}
    </div>
  );
}

interface FlashRowProps {
  flash: FlashItem;
  onShare: (flash: FlashItem) => void;
  quotes: ReadonlyMap<string, Quote>;
}

/** Whether a row would show the same: the same flash, and the same change on each of its chips. */
function sameRow(before: FlashRowProps, after: FlashRowProps): boolean {
  return (
    before.flash === after.flash &&
    before.onShare === after.onShare &&
    after.flash.instruments.every(
      ({ code }) => before.quotes.get(code)?.chgPct === after.quotes.get(code)?.chgPct,
    )
  );
}

const FlashRow = memo(function FlashRow({ flash, quotes, onShare }: FlashRowProps) {
  return (
    <li className={flash.importance >= 2 ? 'flash is-important' : 'flash'}>
      <time className="flash__time" dateTime={new Date(flash.time).toISOString()}>
        {flashTime(flash.time).clock}
      </time>
      <div className="flash__content">
        <Link className="flash__title" to={href('newscastCont', { id: String(flash.id) })}>
          {flash.title}
        </Link>
        <p className="flash__body">{flash.body}</p>
        <InstrumentChips instruments={flash.instruments} quotes={quotes} />
        <button
          type="button"
          className="flash__share"
          aria-label={`分享：${flash.title}`}
          onClick={() => onShare(flash)}
        >
          分享
        </button>
      </div>
    </li>
  );
}, sameRow);
