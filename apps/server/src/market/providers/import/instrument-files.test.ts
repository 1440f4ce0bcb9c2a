import { describe, expect, it } from 'vitest';
import { parseInstruments, parseProfiles } from './instrument-files.ts';
import { known, printed } from './test-support.ts';

const header = 'code,name,type,board,listing_date,total_shares,float_shares,industry';

describe('instruments.csv', () => {
  it('reads the master, deriving board, pinyin and the ST mark when left out', () => {
    const parsed = parseInstruments(
      'instruments.csv',
      `${header}\n801120.ZSI,食品饮料,index_hy,,20000104,,,\n600519.sh,贵州茅台,capital,,20010827,1256197800,1256197800,801120.ZSI\n300750.SZ,ST宁德,capital,,20180611,,,\n510300.SH,沪深300ETF,fund_onside,etf,20120528,,,\n`,
      known({}),
    );
    expect(printed(parsed)).toEqual([]);
    expect(parsed.rows[1]).toEqual({
      code: '600519.SH',
      name: '贵州茅台',
      type: 'capital',
      board: 'sh',
      industry: '801120.ZSI',
      listing_day: 20010827,
      total_shares: 1256197800,
      float_shares: 1256197800,
      pinyin_initials: 'gzmt',
      pinyin: 'guizhoumaotai',
      is_st: 0,
    });
    expect(parsed.rows[0]?.board).toBe('index');
    expect(parsed.rows[2]?.board).toBe('chinext');
    expect(parsed.rows[2]?.is_st).toBe(1);
    expect(parsed.rows[3]?.board).toBe('etf');
  });

  it('names file, line and column of each bad cell', () => {
    const parsed = parseInstruments(
      'instruments.csv',
      `${header}\n600519,贵州茅台,capital,,20010827,,,\n000858.SZ,五粮液,stock,,19980427,,,\n300750.SZ,宁德时代,capital,,20180631,,,\n00700.HK,腾讯控股,hk,,20040616,-5,,\n`,
      known({}),
    );
    expect(printed(parsed)).toEqual([
      'instruments.csv:2: code: must be a code like 600519.SH (suffix SH, SZ, BJ, HK, ZSI, WI, HI, CSI or OF) (got "600519")',
      'instruments.csv:3: type: must be one of capital, hk, index_hs, index_hy, index_hk_hs, index_gn, fund_outside, fund_onside, fund_lof (got "stock")',
      'instruments.csv:4: listing_date: is not a real calendar date (got "20180631")',
      'instruments.csv:5: total_shares: must be greater than 0 (got "-5")',
    ]);
  });

  it('rejects duplicate codes, an unknown industry, float above total and a type that contradicts the code', () => {
    const parsed = parseInstruments(
      'instruments.csv',
      `${header}\n600519.SH,贵州茅台,capital,,20010827,100,200,801999.ZSI\n600519.SH,贵州茅台,capital,,20010827,,,000300.SH\n00700.HK,腾讯控股,capital,,20040616,,,\n`,
      known({ '000300.SH': 'index_hs' }),
    );
    expect(printed(parsed)).toEqual([
      'instruments.csv:2: float_shares: 200 is more than total_shares 100',
      'instruments.csv:2: industry: 801999.ZSI is not in this file nor already imported',
      'instruments.csv:3: code: 600519.SH is already on line 2',
      'instruments.csv:3: industry: 000300.SH is index_hs, not an industry index (index_hy)',
      'instruments.csv:4: type: a .HK code must have type hk, not capital',
    ]);
  });

  it('checks the header: unknown and missing columns, and rows of the wrong width', () => {
    expect(printed(parseInstruments('i.csv', 'code,name,kind\n', known({})))).toEqual([
      'i.csv:1: unknown column "kind" (known: code, name, type, board, listing_date, total_shares, float_shares, industry, is_st, pinyin_initials, pinyin)',
      'i.csv:1: missing column "type"',
      'i.csv:1: missing column "listing_date"',
    ]);
    expect(
      printed(parseInstruments('i.csv', 'code,name,type,listing_date\n600519.SH,贵州茅台\n', known({}))),
    ).toEqual(['i.csv:2: 2 fields where the header has 4']);
    expect(printed(parseInstruments('i.csv', '', known({})))).toEqual(['i.csv: the file is empty']);
  });

  it('notes names the pinyin table cannot read, unless pinyin columns are given', () => {
    const parsed = parseInstruments(
      'i.csv',
      'code,name,type,listing_date\n601899.SH,紫金矿业,capital,20080425\n600900.SH,长江电力,capital,20031118\n',
      known({}),
    );
    expect(parsed.notes).toEqual([]);
    const odd = parseInstruments(
      'i.csv',
      'code,name,type,listing_date\n600887.SH,伊利股份,capital,19960312\n600000.SH,浦发銀行,capital,19991110\n',
      known({}),
    );
    expect(odd.notes[0]).toMatch(/^1 names have characters without a built-in pinyin reading \(600000.SH\)/);
  });
});

describe('profiles.jsonl', () => {
  const master = known({ '600519.SH': 'capital', '110022.OF': 'fund_outside', '000300.SH': 'index_hs' });

  it('reads one profile per line, filling optional fields', () => {
    const parsed = parseProfiles(
      'profiles.jsonl',
      '{"code":"000300.SH","kind":"index","publisher":"中证指数公司"}\n\n{"code":"110022.OF","kind":"fund","company":"易方达","category":"股票型","riskLevel":4,"management":0.012,"custody":0.002,"equityShare":0.9}\n',
      master,
    );
    expect(printed(parsed)).toEqual([]);
    expect(parsed.rows[1]).toEqual({
      code: '110022.OF',
      profile: {
        kind: 'fund',
        company: '易方达',
        category: '股票型',
        benchmark: '',
        riskLevel: 4,
        management: 0.012,
        custody: 0.002,
        salesService: 0,
        equityShare: 0.9,
        distributed: 0,
      },
    });
  });

  it('reports bad JSON, bad fields, unknown codes and a kind that does not fit the type by line', () => {
    const parsed = parseProfiles(
      'profiles.jsonl',
      [
        '{"code":"000300.SH","kind":"index","publisher":"中证指数公司"',
        '{"code":"000300.SH","kind":"index","publisher":""}',
        '{"code":"999999.SH","kind":"index","publisher":"x"}',
        '{"code":"600519.SH","kind":"index","publisher":"x"}',
        '{"code":"110022.OF","kind":"fund","company":"易方达","category":"股票型","riskLevel":9,"management":0.012,"custody":0.002,"equityShare":0.9}',
      ].join('\n'),
      master,
    );
    const lines = printed(parsed);
    expect(lines[0]).toMatch(/^profiles\.jsonl:1: not valid JSON/);
    expect(lines.slice(1)).toEqual([
      'profiles.jsonl:2: publisher: Too small: expected string to have >=1 characters',
      'profiles.jsonl:3: code: 999999.SH is not an imported instrument (list it in instruments.csv)',
      'profiles.jsonl:4: kind: 600519.SH is capital, so its profile kind is company',
      'profiles.jsonl:5: riskLevel: Too big: expected number to be <=5',
    ]);
  });
});
