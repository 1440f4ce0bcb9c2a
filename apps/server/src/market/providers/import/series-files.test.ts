import { tradingDaysBetween } from '@zhicai/domain';
import { describe, expect, it } from 'vitest';
import { parseBars, parseFactors, parseNavs, parseShareChanges } from './series-files.ts';
import { known, printed } from './test-support.ts';

const master = known({
  '600519.SH': 'capital',
  '00700.HK': 'hk',
  '110022.OF': 'fund_outside',
  '000300.SH': 'index_hs',
});
const header = 'code,date,prev_close,open,high,low,close,volume,amount';

describe('bars', () => {
  it('reads bars in the dayKV2 row shape, grouped by code, with a suspended day as nulls', () => {
    const parsed = parseBars(
      'bars.csv',
      `${header}\n600519.SH,20261112,1500,1501,1520,1490,1510,2500000,3770000000\n000300.SH,20261112,4600,4601,4650,4590,4620,1.6e10,3.1e11\n600519.SH,20261113,1510,,,,,,\n`,
      master,
    );
    expect(printed(parsed)).toEqual([]);
    expect(parsed.rows.get('600519.SH')).toEqual([
      [20261112, 1500, 1501, 1520, 1490, 1510, 2500000, 3770000000],
      [20261113, 1510, null, null, null, null, 0, 0],
    ]);
    expect(parsed.count).toBe(3);
    expect(parsed.codes).toBe(2);
  });

  it('takes the code of a per-instrument file from its name', () => {
    const parsed = parseBars(
      'bars/00700.HK.csv',
      'date,prev_close,open,high,low,close,volume,amount\n20261113,600,601,610,598,605,1000,605000\n',
      master,
      { code: '00700.HK' },
    );
    expect(printed(parsed)).toEqual([]);
    expect(parsed.rows.get('00700.HK')?.[0]?.[5]).toBe(605);
  });

  it('names file:line and field for each broken price rule', () => {
    const rows = [
      '600519.SH,20261102,1500,1501,1499,1490,1510,100,150000', // high below close
      '600519.SH,20261103,1500,1501,1520,1505,1510,100,150000', // low above open
      '600519.SH,20261104,0,1501,1520,1490,1510,100,150000', // prevClose not positive
      '600519.SH,20261105,1500,1501,,1490,1510,100,150000', // half a bar
      '600519.SH,20261106,1500,,,,,100,0', // suspended yet traded
      '600519.SH,20261109,1500,1501,1520,1490,1510,-1,150000', // negative volume
      '600519.SH,20261110,1500,1501,1520,1490,1510,,150000', // volume missing on a trading day
      '600519.SH,20261111,1,500,1501,1520,1490,1510,100,150000', // one field too many
      '600519.SH,20261112,1.500.0,1501,1520,1490,1510,100,150000', // not a number
    ];
    expect(printed(parseBars('bars.csv', `${header}\n${rows.join('\n')}\n`, master))).toEqual([
      'bars.csv:2: high: 1499 is below max(open, close) = 1510',
      'bars.csv:3: low: 1505 is above min(open, close) = 1501',
      'bars.csv:4: prev_close: must be greater than 0 (got "0")',
      'bars.csv:5: high: is empty; give all of open, high, low and close, or none for a suspended day',
      'bars.csv:6: volume: a suspended day (open, high, low and close empty) cannot have volume or amount',
      'bars.csv:7: volume: must not be negative (got "-1")',
      'bars.csv:8: volume: is required on a trading day (write 0 if nothing traded)',
      'bars.csv:9: 10 fields where the header has 9',
      'bars.csv:10: prev_close: must be a plain number such as 1234.56 (got "1.500.0")',
    ]);
  });

  it('rejects unknown codes, NAV funds, non-trading days, bad dates and dates out of order', () => {
    const rows = [
      '999999.SH,20261102,10,10,10,10,10,0,0',
      '110022.OF,20261102,1,1,1,1,1,0,0',
      '600519.SH,20261107,10,10,10,10,10,0,0', // Saturday
      '600519.SH,20261001,10,10,10,10,10,0,0', // National Day
      '600519.SH,2026-11-09,10,10,10,10,10,0,0',
      '600519.SH,20261110,10,10,10,10,10,0,0',
      '600519.SH,20261109,10,10,10,10,10,0,0',
      '00700.HK,20261225,10,10,10,10,10,0,0', // Christmas in Hong Kong
      ',20261110,10,10,10,10,10,0,0',
    ];
    expect(printed(parseBars('bars.csv', `${header}\n${rows.join('\n')}\n`, master))).toEqual([
      'bars.csv:2: code: 999999.SH is not an imported instrument (list it in instruments.csv first)',
      'bars.csv:3: code: 110022.OF is fund_outside, which publishes NAVs (navs.csv), not bars',
      'bars.csv:4: date: 20261107 is not a trading day of the mainland market (weekend or exchange holiday)',
      'bars.csv:5: date: 20261001 is not a trading day of the mainland market (weekend or exchange holiday)',
      'bars.csv:5: date: 20261001 does not come after 20261107 (line 4); dates of one code must ascend',
      'bars.csv:6: date: must be a date written YYYYMMDD, e.g. 20261120 (got "2026-11-09")',
      'bars.csv:8: date: 20261109 does not come after 20261110 (line 7); dates of one code must ascend',
      'bars.csv:9: date: 20261225 is not a trading day of the Hong Kong market (weekend or exchange holiday)',
      'bars.csv:10: code: is required',
    ]);
  });
});

describe('face-value delisting of imported bars', () => {
  // Twenty trading days of closes below 1 yuan, then one more: the share met the rule on the 20th.
  const days = tradingDaysBetween('cn', 20261102, 20261201).slice(0, 21);
  const lines = (code: string, close: number) =>
    days.map((day) => `${code},${day},${close},${close},${close},${close},${close},100,90`);

  it('notes an A-share that closed below 1 yuan for 20 consecutive trading days', () => {
    const parsed = parseBars('bars.csv', `${header}\n${lines('600519.SH', 0.9).join('\n')}\n`, master);
    expect(printed(parsed)).toEqual([]);
    expect(parsed.notes).toEqual([
      `600519.SH closed below 1 yuan for 20 consecutive trading days: delisted (面值退市) on ${days[19]}`,
    ]);
  });

  it('notes nothing for a share at 1 yuan or for a Hong Kong penny stock', () => {
    const text = [...lines('600519.SH', 1), ...lines('00700.HK', 0.5)].join('\n');
    expect(parseBars('bars.csv', `${header}\n${text}\n`, master).notes).toEqual([]);
  });
});

describe('navs, factors and share changes', () => {
  it('reads NAVs, defaulting the accumulated NAV to the unit NAV', () => {
    const parsed = parseNavs(
      'navs.csv',
      'code,date,unit_nav,accumulated_nav\n110022.OF,20261112,3.8,4.55\n110022.OF,20261113,3.81,\n',
      master,
    );
    expect(printed(parsed)).toEqual([]);
    expect(parsed.rows.get('110022.OF')).toEqual([
      [20261112, 3.8, 4.55],
      [20261113, 3.81, 3.81],
    ]);
  });

  it('rejects NAVs of a traded instrument and an accumulated NAV below the unit NAV', () => {
    const parsed = parseNavs(
      'navs.csv',
      'code,date,unit_nav,accumulated_nav\n600519.SH,20261112,3.8,4.55\n110022.OF,20261113,3.81,3.2\n110022.OF,20261116,0,\n',
      master,
    );
    expect(printed(parsed)).toEqual([
      'navs.csv:2: code: 600519.SH is capital, which trades daily bars (bars.csv), not NAVs',
      'navs.csv:3: accumulated_nav: 3.2 is below unit_nav 3.81',
      'navs.csv:4: unit_nav: must be greater than 0 (got "0")',
    ]);
  });

  it('reads sparse factors and rejects a non-positive factor or one of a NAV fund', () => {
    const good = parseFactors(
      'factors.csv',
      'code,date,factor\n600519.SH,20261102,1\n600519.SH,20261110,1.0164\n',
      master,
    );
    expect(good.rows.get('600519.SH')).toEqual([
      { day: 20261102, factor: 1 },
      { day: 20261110, factor: 1.0164 },
    ]);
    const bad = parseFactors(
      'factors.csv',
      'code,date,factor\n600519.SH,20261102,0\n110022.OF,20261102,1\n',
      master,
    );
    expect(printed(bad)).toEqual([
      'factors.csv:2: factor: must be greater than 0 (got "0")',
      'factors.csv:3: code: 110022.OF is fund_outside, which publishes NAVs (navs.csv), not adjustment factors',
    ]);
  });

  it('reads float-share changes', () => {
    const parsed = parseShareChanges(
      's.csv',
      'code,date,float_shares\n600519.SH,20261102,1256197800\n',
      master,
    );
    expect(parsed.rows.get('600519.SH')).toEqual([{ day: 20261102, floatShares: 1256197800 }]);
    expect(
      printed(parseShareChanges('s.csv', 'code,date,float_shares\n600519.SH,20261102,abc\n', master)),
    ).toEqual(['s.csv:2: float_shares: must be a plain number such as 1234.56 (got "abc")']);
  });
});
