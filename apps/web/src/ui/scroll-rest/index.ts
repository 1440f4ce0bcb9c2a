export { type AfterScroll, afterScroll, heldAtMostMs, msSinceScroll, scrollRestMs } from './after-scroll.ts';
