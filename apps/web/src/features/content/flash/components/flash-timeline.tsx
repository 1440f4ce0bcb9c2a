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

/** A flash of the timeline with the Beijing day it falls on. */
interface FlashEntry {
  key: string;
  day: string;
  label: string;
  flash: FlashItem;
}

/** Rows (about three screens) left below the screen when the next page starts loading. */
const nearEndRows = 12;
/** No flash row is shorter (px): the first paint builds as many rows as would fill a screen of them. */
const shortestFlashPx = 100;
/** A phone's screen until the window's own is known (jsdom has none). */
const fallbackViewportPx = 812;

/**
 * Each flash's entry, made once per flash object: a page loaded at the end of a long scroll works
 * out the Beijing day of its own 30 flashes, not of the thousand above it.
 */
const entries = new WeakMap<FlashItem, FlashEntry>();

function entryOf(flash: FlashItem): FlashEntry {
  let entry = entries.get(flash);
  if (!entry) {
    const { day, dayLabel } = flashTime(flash.time);
    entry = { key: `flash:${flash.id}`, day, label: dayLabel, flash };
    entries.set(flash, entry);
  }
  return entry;
}

/**
 * Flashes whose ids share id / rowsPerBlock are one block of rows (while they are consecutive), so a
 * block keeps its rows when flashes are pushed above it or a page is loaded below it.
 */
const rowsPerBlock = 30;

/** A run of one day's flashes rendered as one block. */
interface FlashBlock {
  key: string;
  bucket: number;
  entries: readonly FlashEntry[];
}

interface TimelineDay {
  day: string;
  label: string;
  blocks: FlashBlock[];
}

/** Whether two lists hold the same entries in the same order. */
function sameEntries(a: readonly FlashEntry[], b: readonly FlashEntry[]): boolean {
  return a.length === b.length && a.every((entry, index) => entry === b[index]);
}

/**
 * The flashes (newest first) by Beijing day, each day's in blocks of rows (rowsPerBlock). A block
 * whose entries are those of the block of the same key in `previous` keeps that array, so its rows
 * are not rendered again when a page is loaded below it (FlashBlockRows); `previous` is refilled.
 */
function timelineDays(
  flashes: readonly FlashItem[],
  previous: Map<string, readonly FlashEntry[]>,
): TimelineDay[] {
  const days: TimelineDay[] = [];
  const runs: { day: TimelineDay; key: string; bucket: number; entries: FlashEntry[] }[] = [];
  let keys = new Set<string>();
  for (const flash of flashes) {
    const entry = entryOf(flash);
    let day = days.at(-1);
    if (day?.day !== entry.day) {
      day = { day: entry.day, label: entry.label, blocks: [] };
      days.push(day);
      keys = new Set();
    }
    const bucket = Math.floor(flash.id / rowsPerBlock);
    let run = runs.at(-1);
    if (run?.day !== day || run.bucket !== bucket) {
      // A bucket met again further down the day (ids out of order) is a block of its own.
      let key = String(bucket);
      for (let repeat = 1; keys.has(key); repeat += 1) key = `${bucket}:${repeat}`;
      keys.add(key);
      run = { day, key, bucket, entries: [] };
      runs.push(run);
    }
    run.entries.push(entry);
  }
  const kept = new Map<string, readonly FlashEntry[]>();
  for (const { day, key, bucket, entries } of runs) {
    const cacheKey = `${day.day}|${key}`;
    const before = previous.get(cacheKey);
    const same = before && sameEntries(before, entries) ? before : entries;
    kept.set(cacheKey, same);
    day.blocks.push({ key, bucket, entries: same });
  }
  previous.clear();
  for (const [key, entries] of kept) previous.set(key, entries);
  return days;
}

/** The codes of the chips of the flashes (rows) in `range`, each once. */
function chipCodesIn(flashes: readonly FlashItem[], range: RowRange | null): string[] {
  if (range === null) return [];
  const codes = new Set<string>();
  for (const flash of flashes.slice(range.start, range.end))
    for (const { code } of flash.instruments) codes.add(code);
  return [...codes];
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
 * first paint still builds one screen of rows only. The grouping is computed once per list; a
 * block of rows renders again only when its flashes or its chips' changes do, and a row only when
 * its flash or its own chips' changes do.
 *
 * The chips on screen are live (a socket takes 200 codes, the timeline's chips run to thousands):
 * the rows on screen are read once a scroll rests (useRowsOnScreen) and their codes followed, chips
 * that come on screen get their change by a realTime call of their own, and chips scrolled past keep
 * the last change they showed.
 */
export function FlashTimeline({
  flashes,
  onShare,
  onNearEnd,
  socket,
}: {
  flashes: readonly FlashItem[];
  /** 分享 on a row; the same function on every render, so rows do not render again for it. */
  onShare: (flash: FlashItem) => void;
  /**
   * Told when the rows on screen come within nearEndRows of the last one loaded, so the next page
   * can load before the reader reaches the end (a fling then runs on instead of stopping there).
   */
  onNearEnd?: () => void;
  /** The page's socket unless a test hands in its own. */
  socket?: QuoteSocket;
}) {
  const list = useRef<HTMLDivElement>(null);
  // The first paint builds one screen of rows (first content ≤ 1 s); the rest follow a frame later.
  const [firstScreenOnly, setFirstScreenOnly] = useState(true);
  useEffect(() => {
    const frame = requestAnimationFrame(() => startTransition(() => setFirstScreenOnly(false)));
    return () => cancelAnimationFrame(frame);
  }, []);
  const viewport = (typeof window === 'undefined' ? 0 : window.innerHeight) || fallbackViewportPx;
  const rendered = firstScreenOnly ? Math.ceil(viewport / shortestFlashPx) : flashes.length;
  const blocks = useRef(new Map<string, readonly FlashEntry[]>());
  const days = useMemo(() => timelineDays(flashes.slice(0, rendered), blocks.current), [flashes, rendered]);
  const onScreen = useRowsOnScreen(list, 'flash', Math.min(rendered, flashes.length));
  const chipCodes = useMemo(() => chipCodesIn(flashes, onScreen), [flashes, onScreen]);
  const latestNearEnd = useRef(onNearEnd);
  latestNearEnd.current = onNearEnd;
  useEffect(() => {
    if (onScreen && !firstScreenOnly && flashes.length - onScreen.end <= nearEndRows)
      latestNearEnd.current?.();
  }, [onScreen, firstScreenOnly, flashes.length]);
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
          <h2 className="flash-day__label">{group.label}</h2>
          <ol className="flash-list">
            {group.blocks.map((block) => (
              <FlashBlockRows key={block.key} entries={block.entries} quotes={quotes} onShare={onShare} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

interface FlashBlockProps {
  entries: readonly FlashEntry[];
  onShare: (flash: FlashItem) => void;
  quotes: ReadonlyMap<string, Quote>;
}

/** Whether a block's rows would show the same: the same flashes, and the same change on each chip. */
function sameBlock(before: FlashBlockProps, after: FlashBlockProps): boolean {
  return (
    before.entries === after.entries &&
    before.onShare === after.onShare &&
    after.entries.every(({ flash }) => sameChips(flash, before.quotes, after.quotes))
  );
}

/**
 * One block's rows. A page loaded below renders its own blocks, not the thousand rows above it: with
 * one memoised row each, the render after each page went over every row (about 100 ms of the 4×
 * throttled main thread, in slices that held up the frame that showed the page, issue 17).
 */
const FlashBlockRows = memo(function FlashBlockRows({ entries, quotes, onShare }: FlashBlockProps) {
  return entries.map((entry) => (
    <FlashRow key={entry.key} flash={entry.flash} quotes={quotes} onShare={onShare} />
  ));
}, sameBlock);

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
    sameChips(after.flash, before.quotes, after.quotes)
  );
}

/** Whether each of a flash's chips shows the same change by `before` as by `after`. */
function sameChips(flash: FlashItem, before: ReadonlyMap<string, Quote>, after: ReadonlyMap<string, Quote>) {
  return (
    before === after ||
    flash.instruments.every(({ code }) => before.get(code)?.chgPct === after.get(code)?.chgPct)
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
