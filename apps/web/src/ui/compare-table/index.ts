export { joinCodes, maxCompared, minCompared, parseCodes, useCodesParam } from './compare-codes.ts';
export {
  type Better,
  bestPositions,
  type CompareRow,
  CompareTable,
  type CompareTableProps,
} from './compare-table.tsx';
export { NeedCodes } from './need-codes.tsx';
