export { Sheet, type SheetProps, sheetOpenDelayMs } from './sheet.tsx';
export { animateSpring, handleReleaseCloses, type SpringConfig, sheetSpring, stepSpring } from './spring.ts';
