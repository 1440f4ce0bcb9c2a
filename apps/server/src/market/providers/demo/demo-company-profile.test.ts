import { describe, expect, it } from 'vitest';
import { companyProfileDocument, demoProfileMark } from './demo-company-profile.ts';
import { defaultDemoSeed, generateDemoCatalogue } from './instrument-catalogue.ts';
import table from './well-known-companies.json' with { type: 'json' };
import { parseWellKnownCompanies, wellKnownCompanies } from './well-known-companies.ts';
import { wellKnownAShares, wellKnownHkStocks } from './well-known-instruments.ts';

const seed = defaultDemoSeed;
const { instruments } = generateDemoCatalogue(seed);
const byCode = new Map(instruments.map((item) => [item.code, item]));
const profileOf = (code: string) => {
  const instrument = byCode.get(code);
  if (!instrument) throw new Error(code);
  return companyProfileDocument(seed, instrument);
};

describe('company profiles of the well-known names', () => {
  // Regression: 茅台's 公司名称 read 福建贵州茅台股份有限公司, in 福建.
  it('贵州茅台 is 贵州茅台酒股份有限公司 in 贵州, making 茅台酒', () => {
    const profile = profileOf('600519.SH');
    expect(profile.fullName).toBe('贵州茅台酒股份有限公司');
    expect(profile.area).toBe('贵州');
    expect(profile.mainBusiness).toContain('茅台酒');
    expect(profile.briefing).not.toContain(demoProfileMark);
  });

  it.each([
    ['600031.SH', '三一重工股份有限公司', '工程机械'],
    ['300750.SZ', '宁德时代新能源科技股份有限公司', '电池'],
    ['600036.SH', '招商银行股份有限公司', '银行'],
    ['601318.SH', '中国平安保险(集团)股份有限公司', '财产险'],
    ['00700.HK', '腾讯控股有限公司', '游戏'],
  ])('%s is %s, whose business mentions %s', (code, fullName, business) => {
    const profile = profileOf(code);
    expect(profile.fullName).toBe(fullName);
    expect(profile.mainBusiness).toContain(business);
  });

  it('every well-known stock has its real company, and invents no chairman, holder or website', () => {
    for (const stock of [...wellKnownAShares, ...wellKnownHkStocks]) {
      const company = wellKnownCompanies.get(stock.code);
      expect(company, stock.code).toBeDefined();
      const profile = profileOf(stock.code);
      expect(profile.fullName).toBe(company?.fullName);
      expect(profile.area).toBe(company?.area);
      expect([profile.chairman, profile.holder, profile.website]).toEqual(['', '', '']);
      expect(profile.employees).toBeUndefined();
    }
    // And the file describes no stock the market does not have.
    const known = new Set([...wellKnownAShares, ...wellKnownHkStocks].map((stock) => stock.code));
    expect([...wellKnownCompanies.keys()].filter((code) => !known.has(code))).toEqual([]);
  });

  it('a generated company keeps a generated profile that says it is demo data', () => {
    const generated = instruments.filter((item) => item.type === 'capital' && item.generated);
    expect(generated.length).toBeGreaterThan(0);
    for (const stock of generated) {
      const profile = companyProfileDocument(seed, stock);
      expect(profile.briefing).toContain(demoProfileMark);
      expect(profile.mainBusiness).toContain(demoProfileMark);
      expect(profile.fullName.endsWith('股份有限公司')).toBe(true);
    }
  });

  it('reads the bundled company table as well-formed (the server reads it unchecked), and refuses a malformed row', () => {
    expect(parseWellKnownCompanies(table)).toEqual(wellKnownCompanies);
    const [first, ...rest] = table.companies;
    expect(() =>
      parseWellKnownCompanies({ ...table, companies: [{ ...first, price: -1 }, ...rest] }),
    ).toThrow();
  });

  it('refuses a company table with a stock listed twice or floating more than it has', () => {
    const row = {
      code: '600519.SH',
      fullName: '贵州茅台酒股份有限公司',
      area: '贵州',
      mainBusiness: '茅台酒',
      totalShares: 100,
      floatShares: 100,
      price: 1,
    };
    expect(() => parseWellKnownCompanies({ about: [], companies: [row, row] })).toThrow(/twice/);
    expect(() => parseWellKnownCompanies({ about: [], companies: [{ ...row, floatShares: 200 }] })).toThrow(
      /floats more/,
    );
  });
});
