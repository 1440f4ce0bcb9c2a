import { useCallback, useState } from 'react';
import { type QuoteSocket, useSocketChannel } from '../../../../platform/socket/index.ts';
import type { FlashFilter, FlashItem } from '../api/news-list.ts';

/** How far down the page a reader is "scrolled": pushed flashes then wait behind the banner. */
export const scrolledPastPx = 120;

/** Whether a pushed flash belongs in the timeline as filtered. */
export function matchesFeed(flash: FlashItem, filter: FlashFilter, code: string | undefined): boolean {
  if (filter === 'important' && flash.importance < 2) return false;
  return !code || flash.instruments.some((instrument) => instrument.code === code);
}

/**
 * The flashes pushed on the socket's `flash` channel while the 7×24 page is open (issue 17 item 6).
 * At the top of the page a new flash joins the timeline at once; further down it waits in
 * `waiting`, which the page announces as "N条新快讯" until the reader asks for them (`reveal`).
 */
export function usePushedFlashes(filter: FlashFilter, code: string | undefined, socket?: QuoteSocket) {
  const [shown, setShown] = useState<FlashItem[]>([]);
  const [waiting, setWaiting] = useState<FlashItem[]>([]);

  useSocketChannel(
    'flash',
    (message) => {
      if (message.type !== 'flash' || !matchesFeed(message.flash, filter, code)) return;
      const flash = message.flash;
      if (window.scrollY > scrolledPastPx) setWaiting((list) => [flash, ...list]);
      else setShown((list) => [flash, ...list]);
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
