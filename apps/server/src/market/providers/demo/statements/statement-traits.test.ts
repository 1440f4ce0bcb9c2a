import { describe, expect, it } from 'vitest';
import table from './statement-traits.json' with { type: 'json' };
import { industryTraits, knownCompany, parseStatementTraits } from './statement-traits.ts';

type Industry = (typeof table.industries)[number];
type Company = (typeof table.companies)[number];

const withIndustry = (row: Partial<Industry> & Record<string, unknown>) => ({
  ...table,
  industries: [...table.industries, row],
});
const withCompany = (row: Partial<Company> & Record<string, unknown>) => ({
  ...table,
  companies: [...table.companies, row],
});

describe('statement traits', () => {
  it('gives an industry its own values over the defaults, and the defaults elsewhere', () => {
    const food = industryTraits('801120.ZSI');
    expect(food.grossMargin).toEqual([0.3, 0.8]);
    expect(food.inventoryDays).toBe(400);
    // Not named by 食品饮料's row: the default.
    expect(food.fixedAssets).toBe(table.defaults.fixedAssets);
    // Banks have no row: their statements use their own layout and the defaults.
    expect(industryTraits('801780.ZSI')).toEqual(industryTraits(null));
    expect(industryTraits(null).segments).toEqual(table.defaults.segments);
  });

  it('knows the well-known companies of the file and no others', () => {
    expect(knownCompany('600519.SH')).toEqual({ grossMargin: 0.915, segments: ['茅台酒', '系列酒'] });
    expect(knownCompany('600000.SH')).toBeUndefined();
  });

  it('marks every row as unverified: the traits are assumptions, not published figures', () => {
    expect(table.defaults.verified).toBe(false);
    for (const row of [...table.industries, ...table.companies]) expect(row.verified).toBe(false);
  });
});

describe('reading statement-traits.json', () => {
  it('reads the file as it is', () => {
    const parsed = parseStatementTraits(table);
    expect(parsed.industries.size).toBe(table.industries.length);
    expect(parsed.companies.size).toBe(table.companies.length);
  });

  it('refuses an industry that is not an SW level 1, or named otherwise than the tree names it', () => {
    const row = { industry: '801125', name: '白酒Ⅱ', verified: false };
    expect(() => parseStatementTraits(withIndustry(row))).toThrow(/801125 is not an SW level-1 industry/);
    expect(() =>
      parseStatementTraits(withIndustry({ industry: '801780', name: '银行业', verified: false })),
    ).toThrow(/801780 is 银行, not 银行业/);
    expect(() =>
      parseStatementTraits(withIndustry({ industry: '801010', name: '农林牧渔', verified: false })),
    ).toThrow(/801010 is listed twice/);
  });

  it('refuses values out of range: a fraction above 1, seasons that do not add up, a reversed margin range', () => {
    const row = (traits: Record<string, unknown>) =>
      withIndustry({ industry: '801780', name: '银行', verified: false, ...traits });
    expect(() => parseStatementTraits(row({ debt: 1.2 }))).toThrow();
    expect(() => parseStatementTraits(row({ season: [0.3, 0.3, 0.3, 0.3] }))).toThrow(/sum to about 1/);
    expect(() => parseStatementTraits(row({ grossMargin: [0.4, 0.2] }))).toThrow(/from low to high/);
    expect(() => parseStatementTraits(row({ inventoryDay: 30 }))).toThrow();
  });

  it('refuses a company that is not a well-known A-share, and a row without its verified column', () => {
    const company = {
      code: '600000.SH',
      name: '浦发银行',
      verified: false,
      grossMargin: 0.3,
      segments: ['存贷'],
    };
    expect(() => parseStatementTraits(withCompany({ ...company, code: '600001.SH' }))).toThrow(
      /600001.SH 浦发银行 is not a well-known A-share/,
    );
    const { verified: _dropped, ...unmarked } = company;
    expect(() => parseStatementTraits(withCompany(unmarked))).toThrow();
  });
});
