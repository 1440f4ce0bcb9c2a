export { useWindowedList, type WindowedList, type WindowedListOptions } from './use-windowed-list.ts';
export { type ItemWindow, itemWindow, type ListView } from './windowed-list.ts';
