import type { PlateKind } from '@zhicai/contract';
import { Segmented } from '../../../../ui/segmented/index.ts';

const kindOptions: { value: PlateKind; label: string }[] = [
  { value: 'industry', label: '行业' },
  { value: 'concept', label: '概念' },
];

/**
 * 行业 | 概念. The demo market classifies stocks by SW industry and concept only; it has no region
 * indices, so there is no 地域 tab (spec 2 §2.2 lists one only where the data has regions).
 */
export function PlateKindTabs({ kind, onChange }: { kind: PlateKind; onChange: (kind: PlateKind) => void }) {
  return <Segmented label="板块类型" options={kindOptions} value={kind} onChange={onChange} />;
}
