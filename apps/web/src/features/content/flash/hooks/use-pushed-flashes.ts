import { useCallback, useState } from 'react';
import { flashesOf, type QuoteSocket, useSocketChannel } from '../../../../platform/socket/index.ts';
import type { FlashFilter, FlashItem } from '../api/news-list.ts';

/** How far down the page a reader is "scrolled": pushed flashes then wait behind the banner. */
export const scrolledPastPx = 120;

/** Whether a pushed flash belongs in the timeline as filtered. */
export function matchesFeed(flash: FlashItem, filter: FlashFilter, code: string | undefined): boolean {
  if (filter === 'important' && flash.importance < 2) return false;
  return !code || flash.instruments.some((instrument) => instrument.code === code);
}

/**
 * The flashes pushed on the socket's `flash` channel while the 7×24 page is open (issue 17 item 6),
 * one tick's together or one at a time. At the top of the page new flashes join the timeline at once; further down it waits in
 * `waiting`, which the page announces as "N条新快讯" until the reader asks for them (`reveal`).
 */
export function usePushedFlashes(filter: FlashFilter, code: string | undefined, socket?: QuoteSocket) {
  const [shown, setShown] = useState<FlashItem[]>([]);
  const [waiting, setWaiting] = useState<FlashItem[]>([]);

  useSocketChannel(
    'flash',
    (message) => {
      // A tick's flashes come in one message, oldest first; the timeline lists the newest first.
      const arrived = flashesOf(message)
        .filter((flash) => matchesFeed(flash, filter, code))
        .reverse();
      if (arrived.length === 0) return;
      if (window.scrollY > scrolledPastPx) setWaiting((list) => [...arrived, ...list]);
      else setShown((list) => [...arrived, ...list]);
    },
    socket,
  );

  const reveal = useCallback(() => {
    setShown((list) => [...waiting, ...list]);
    setWaiting([]);
  }, [waiting]);
  /** Forgets what was pushed: a refetch of the feed holds it now. */
  const clear = useCallback(() => {
    setShown([]);
    setWaiting([]);
  }, []);
  return { shown, waiting, reveal, clear };
}
