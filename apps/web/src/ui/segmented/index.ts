export { Segmented, SegmentedGroup, SegmentedItem, type SegmentedOption } from './segmented.tsx';
