import { describe, expect, it } from 'vitest';
import { parseHoldings, parseMembers } from './membership-files.ts';
import { known, printed } from './test-support.ts';

const master = known({
  '600519.SH': 'capital',
  '000858.SZ': 'capital',
  '801120.ZSI': 'index_hy',
  '510300.SH': 'fund_onside',
});

describe('members.csv', () => {
  it('groups constituents by index', () => {
    const parsed = parseMembers(
      'members.csv',
      'index_code,member_code,weight\n801120.ZSI,600519.SH,0.62\n801120.ZSI,000858.SZ,0.38\n',
      master,
    );
    expect(printed(parsed)).toEqual([]);
    expect(parsed.rows.get('801120.ZSI')).toEqual([
      { member: '600519.SH', weight: 0.62 },
      { member: '000858.SZ', weight: 0.38 },
    ]);
  });

  it('rejects non-index owners, unknown members, duplicates, percent weights and totals above 1', () => {
    const parsed = parseMembers(
      'members.csv',
      [
        'index_code,member_code,weight',
        '600519.SH,000858.SZ,0.5',
        '801120.ZSI,999999.SH,0.1',
        '801120.ZSI,600519.SH,0.7',
        '801120.ZSI,600519.SH,0.1',
        '801120.ZSI,000858.SZ,38',
        '801120.ZSI,000858.SZ,0.38',
      ].join('\n'),
      master,
    );
    expect(printed(parsed)).toEqual([
      'members.csv:2: index_code: 600519.SH is capital, not an index',
      'members.csv:3: member_code: 999999.SH is not an imported instrument (list it in instruments.csv first)',
      'members.csv:5: member_code: 600519.SH is already listed for 801120.ZSI on line 4',
      'members.csv:6: weight: must be a fraction above 0 and at most 1 (0.05 is 5 %) (got "38")',
      'members.csv:7: weight: the weights of 801120.ZSI add up to 1.08 here, more than 1',
    ]);
  });
});

describe('holdings.csv', () => {
  it('reads holdings of a fund as of a report date and rejects a holder that is not a fund', () => {
    const good = parseHoldings(
      'holdings.csv',
      'fund_code,member_code,weight,report_date\n510300.SH,600519.SH,0.0449,20260930\n',
      master,
    );
    expect(good.rows.get('510300.SH')).toEqual([
      { member: '600519.SH', weight: 0.0449, reportDay: 20260930 },
    ]);
    const bad = parseHoldings(
      'holdings.csv',
      'fund_code,member_code,weight,report_date\n801120.ZSI,600519.SH,0.0449,20260930\n510300.SH,600519.SH,0.0449,2026093\n',
      master,
    );
    expect(printed(bad)).toEqual([
      'holdings.csv:2: fund_code: 801120.ZSI is index_hy, not a fund',
      'holdings.csv:3: report_date: must be a date written YYYYMMDD, e.g. 20261120 (got "2026093")',
    ]);
  });
});
