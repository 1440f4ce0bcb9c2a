import { startTransition } from 'react';

/** A page whose last scroll event is this long ago (ms) has come to rest. */
export const scrollRestMs = 150;
/**
 * Live figures held back during a scroll show at the latest this long (ms) after they arrived, so
 * a reader who never stops scrolling still sees a price change within a second.
 */
export const heldAtMostMs = 800;

/** Epoch ms of the page's last scroll event, kept by one passive listener that reads no layout. */
let lastScrollAt = Number.NEGATIVE_INFINITY;
let listening = false;

/** Ms since the page last scrolled (Infinity before any scroll). */
export function msSinceScroll(): number {
  listen();
  const since = Date.now() - lastScrollAt;
  // A clock set back since (or a test's clock started again) has not seen that scroll.
  return since < 0 ? Number.POSITIVE_INFINITY : since;
}

function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener(
    'scroll',
    () => {
      lastScrollAt = Date.now();
    },
    { passive: true, capture: true },
  );
}

export interface AfterScroll {
  /**
   * Runs `apply` (as a transition) now when the page is at rest; during a scroll, once it comes to
   * rest or `heldAtMostMs` after the first change held, together with every change held meanwhile.
   */
  run: (apply: () => void) => void;
  /** Drops what is held (the page went away). */
  cancel: () => void;
}

/**
 * A queue for live updates of a scrolled list (ticks, snapshots): rendering a screen of rows takes
 * a scrolled frame's whole budget at 4× CPU (issues 16 and 17), so while the reader scrolls the
 * updates wait and then render together in one transition, not one render per message.
 */
export function afterScroll(): AfterScroll {
  listen();
  let held: (() => void)[] = [];
  let firstHeldAt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    const now = Date.now();
    const rested = msSinceScroll();
    if (rested < scrollRestMs && now - firstHeldAt < heldAtMostMs) {
      timer = setTimeout(flush, Math.min(scrollRestMs - rested, heldAtMostMs - (now - firstHeldAt)));
      return;
    }
    const applying = held;
    held = [];
    startTransition(() => {
      for (const apply of applying) apply();
    });
  };
  return {
    run(apply) {
      if (held.length === 0 && msSinceScroll() >= scrollRestMs) {
        startTransition(apply);
        return;
      }
      if (held.length === 0) firstHeldAt = Date.now();
      held.push(apply);
      timer ??= setTimeout(flush, scrollRestMs);
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      held = [];
    },
  };
}
