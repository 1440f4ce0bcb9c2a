import type { StrategySummary } from '@zhicai/contract';

/** The house strategy 破净股 as the strategy lists send it, run on 20261120 without changes; override what a case is about. */
export function strategySummary(overrides: Partial<StrategySummary> = {}): StrategySummary {
  return {
    id: 1,
    name: '破净股',
    kind: 'stock',
    house: true,
    description: '市净率低于 1 倍，剔除 ST',
    conditions: { seqFlags: ['PB'], PB_left: 0, PB_right: 1 },
    count: 12,
    runDay: 20261120,
    entries: 0,
    exits: 0,
    changedDay: null,
    redPoint: false,
    updateTime: '2026-11-20T07:30:00.000Z',
    ...overrides,
  };
}
