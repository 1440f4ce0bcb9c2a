import type { PlateKind } from '@zhicai/contract';
import { Segmented } from '../../../../ui/segmented/index.ts';

const kindOptions: { value: PlateKind; label: string }[] = [
  { value: 'industry', label: '行业' },
  { value: 'concept', label: '概念' },
];

/** 行业 | 概念: the plates that have an index (a quote, a chart, a detail page). */
export function PlateKindTabs({ kind, onChange }: { kind: PlateKind; onChange: (kind: PlateKind) => void }) {
  return <Segmented label="板块类型" options={kindOptions} value={kind} onChange={onChange} />;
}
