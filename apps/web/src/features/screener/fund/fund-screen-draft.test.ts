import { describe, expect, it } from 'vitest';
import {
  decodeConditions,
  encodeConditions,
  fromConditionSet,
  matchReason,
  toConditionSet,
} from './fund-screen-draft.ts';
import { catalogueFixture } from './fund-screen-fixtures.ts';

const entries = catalogueFixture.groups.flatMap((group) => group.conditions);
const entry = (flag: string) => {
  const found = entries.find((candidate) => candidate.flag === flag);
  if (!found) throw new Error(flag);
  return found;
};

describe('the fund screen draft on the wire', () => {
  it('sends open bounds as "-Infinity" / "Infinity" and options comma-separated', () => {
    expect(
      toConditionSet([
        { flag: 'RET_Y1', kind: 'range', left: 10, right: null },
        { flag: 'FUND_TYPE', kind: 'options', values: ['债券型', '混合型'] },
      ]),
    ).toEqual({
      seqFlags: 'RET_Y1,FUND_TYPE',
      RET_Y1_left: 10,
      RET_Y1_right: 'Infinity',
      FUND_TYPE: '债券型,混合型',
    });
  });

  it('reads a set back by the catalogue, an "Infinity" bound as open, an unknown flag left out', () => {
    const set = {
      seqFlags: 'RET_Y1,NOPE,FUND_TYPE',
      RET_Y1_left: '-5',
      RET_Y1_right: 'Infinity',
      FUND_TYPE: '债券型',
    };
    expect(fromConditionSet(set, entries)).toEqual([
      { flag: 'RET_Y1', kind: 'range', left: -5, right: null },
      { flag: 'FUND_TYPE', kind: 'options', values: ['债券型'] },
    ]);
  });

  it('travels through the URL and treats an unreadable one as no condition', () => {
    const set = { seqFlags: 'RET_Y1', RET_Y1_left: 1, RET_Y1_right: 'Infinity' };
    expect(decodeConditions(encodeConditions(set))).toEqual(set);
    expect(decodeConditions('{oops')).toEqual({ seqFlags: '' });
    expect(decodeConditions('[1]')).toEqual({ seqFlags: '' });
    expect(decodeConditions(null)).toEqual({ seqFlags: '' });
  });

  it('says why a row matched: its value against the bounds', () => {
    expect(matchReason({ flag: 'RET_Y1', kind: 'range', left: 10, right: null }, entry('RET_Y1'), 18.2)).toBe(
      '近1年收益 18.20%，≥ 10.00%',
    );
    expect(
      matchReason({ flag: 'MAX_DRAWDOWN', kind: 'range', left: 0, right: 5 }, entry('MAX_DRAWDOWN'), 3.1),
    ).toBe('最大回撤 3.10%，≥ 0.00% 且 ≤ 5.00%');
    expect(
      matchReason({ flag: 'FUND_TYPE', kind: 'options', values: ['债券型'] }, entry('FUND_TYPE'), '债券型'),
    ).toBe('基金类型为债券型');
  });
});
