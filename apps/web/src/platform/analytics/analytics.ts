import { localStore } from '../session/local-store.ts';

/** One tracking event (spec 1 §3 "Analytics event: name and value"). */
export interface AnalyticsEvent {
  name: string;
  value: Record<string, string>;
  /** Epoch milliseconds when it happened. */
  at: number;
}

/** Oldest events are dropped beyond this, so a long session without a sender cannot grow memory. */
const maxQueued = 200;
const queue: AnalyticsEvent[] = [];

/**
 * Records an event for the tracking call (spec 1 §7 "event tracking … sent only when a token
 * exists"). Without a token tracking is off and nothing is recorded. The tracking endpoint and the
 * sender that drains this queue arrive with the platform issue; until then events stay in memory
 * and nothing goes over the network.
 */
export function track(name: string, value: Record<string, string>): void {
  if (!localStore.getState().token) return;
  queue.push({ name, value, at: Date.now() });
  if (queue.length > maxQueued) queue.splice(0, queue.length - maxQueued);
}

/** Hands over and forgets the queued events (for the sender, and for tests). */
export function drainEvents(): AnalyticsEvent[] {
  return queue.splice(0, queue.length);
}

export const analytics = { track, drainEvents };
