export {
  onScreenMaxWaitMs,
  onScreenSettleMs,
  useWindowedList,
  type WindowedList,
  type WindowedListOptions,
} from './use-windowed-list.ts';
export { type ItemWindow, itemWindow, type ListView, type ScreenRange } from './windowed-list.ts';
