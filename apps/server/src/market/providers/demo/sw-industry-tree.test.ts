import { describe, expect, it } from 'vitest';
import { generateDemoCatalogue } from './instrument-catalogue.ts';
import table from './sw-industries.json' with { type: 'json' };
import { swLevel1Industries } from './sw-industries.ts';
import {
  classifySwIndustry,
  parseSwIndustryTable,
  swChildren,
  swIndustryNode,
  swSubIndustries,
  uncertainSwCodes,
} from './sw-industry-tree.ts';

const level1Codes = new Set(swLevel1Industries.map((industry) => industry.code));
const level2 = swSubIndustries.filter((node) => node.level === 2);
const level3 = swSubIndustries.filter((node) => node.level === 3);

describe('the SW2021 level-2 and level-3 table', () => {
  it('puts every level 2 under a known level 1 and every level 3 under a level 2 of the table', () => {
    const level2Codes = new Set(level2.map((node) => node.code));
    for (const node of level2) expect(level1Codes.has(node.parent ?? ''), node.code).toBe(true);
    for (const node of level3) expect(level2Codes.has(node.parent ?? ''), node.code).toBe(true);
  });

  it('has unique codes across all three levels, in the SW code ranges', () => {
    const codes = [...level1Codes, ...swSubIndustries.map((node) => node.code)];
    expect(new Set(codes).size).toBe(codes.length);
    for (const node of level2) expect(node.code).toMatch(/^801\d{3}\.ZSI$/);
    for (const node of level3) expect(node.code).toMatch(/^85\d{4}\.ZSI$/);
  });

  it('gives every level 1 two to six level 2 (综合 has only 综合Ⅱ) and every level 2 one to four level 3', () => {
    for (const code of level1Codes) {
      const children = swChildren(code);
      expect(children.length, code).toBeGreaterThanOrEqual(code === '801230.ZSI' ? 1 : 2);
      expect(children.length, code).toBeLessThanOrEqual(6);
    }
    for (const node of level2) {
      expect(swChildren(node.code).length, node.code).toBeGreaterThanOrEqual(1);
      expect(swChildren(node.code).length, node.code).toBeLessThanOrEqual(4);
    }
  });

  it('lists its unverified codes, and they are codes of the table (the verified ones are not among them)', () => {
    const codes = new Set(swSubIndustries.map((node) => node.code));
    for (const code of uncertainSwCodes) expect(codes.has(code), code).toBe(true);
    expect(uncertainSwCodes).toContain('801961.ZSI');
    for (const verified of ['801125.ZSI', '801081.ZSI', '851251.ZSI', '850816.ZSI', '857371.ZSI'])
      expect(uncertainSwCodes).not.toContain(verified);
  });

  it('has every level 1 verified and marks the level-3 codes that follow only the usual pattern as unverified', () => {
    for (const code of level1Codes) expect(swIndustryNode(code)?.verified, code).toBe(true);
    // 851232 啤酒 was checked (an SW2014 code SW2021 kept); 851261 其他酒类 only follows the pattern.
    expect(swIndustryNode('851232.ZSI')?.verified).toBe(true);
    expect(swIndustryNode('851261.ZSI')?.verified).toBe(false);
    const unchecked = level3.filter((node) => !node.verified);
    expect(unchecked.length).toBeGreaterThan(level3.length / 2);
    expect(uncertainSwCodes).toEqual(
      swSubIndustries.filter((node) => !node.verified).map((node) => node.code),
    );
  });

  it('looks nodes up by code at every level', () => {
    expect(swIndustryNode('801120.ZSI')).toMatchObject({ name: '食品饮料', level: 1, parent: null });
    expect(swIndustryNode('801125.zsi')).toMatchObject({ name: '白酒Ⅱ', level: 2, parent: '801120.ZSI' });
    expect(swIndustryNode('851251.ZSI')).toMatchObject({ name: '白酒Ⅲ', level: 3, parent: '801125.ZSI' });
    expect(swIndustryNode('999999.ZSI')).toBeUndefined();
  });
});

describe('reading sw-industries.json', () => {
  type Row = (typeof table.industries)[number];
  const withRows = (change: (rows: Row[]) => Row[], knownStocks: Record<string, string> = {}) => ({
    ...table,
    industries: change(table.industries.map((row) => ({ ...row }))),
    knownStocks,
  });
  const row = (code: string, level: number, parent: string | null): Row =>
    ({ code, name: '测试', level, parent, verified: false }) as Row;

  it('reads the file as it is', () => {
    const parsed = parseSwIndustryTable(table);
    expect(parsed.nodes).toHaveLength(table.industries.length);
    expect(parsed.knownLevel3.get('600519.SH')).toBe('851251.ZSI');
  });

  it('refuses a code listed twice', () => {
    expect(() => parseSwIndustryTable(withRows((rows) => [...rows, row('850171', 3, '801017')]))).toThrow(
      /850171 is listed twice/,
    );
  });

  it('refuses a row whose parent is missing, of the wrong level or listed after it', () => {
    expect(() => parseSwIndustryTable(withRows((rows) => [...rows, row('801999', 2, '801998')]))).toThrow(
      /801999 \(level 2\) is not under a level-1 row/,
    );
    expect(() => parseSwIndustryTable(withRows((rows) => [...rows, row('859999', 3, '801010')]))).toThrow(
      /859999 \(level 3\) is not under a level-2 row/,
    );
    expect(() => parseSwIndustryTable(withRows((rows) => [row('850999', 3, '801017'), ...rows]))).toThrow(
      /850999 \(level 3\) is not under a level-2 row listed before it/,
    );
    expect(() => parseSwIndustryTable(withRows((rows) => [...rows, row('801999', 1, '801010')]))).toThrow(
      /801999 is level 1 but has a parent/,
    );
  });

  it('refuses malformed rows: a bad code, an unknown level, a missing verified column', () => {
    expect(() => parseSwIndustryTable(withRows((rows) => [...rows, row('80101', 2, '801010')]))).toThrow();
    expect(() => parseSwIndustryTable(withRows((rows) => [...rows, row('801999', 4, '801017')]))).toThrow();
    const { verified: _dropped, ...unmarked } = row('801999', 2, '801010');
    expect(() => parseSwIndustryTable(withRows((rows) => [...rows, unmarked as Row]))).toThrow();
  });

  it('refuses a known stock placed in a code that is not a level 3 of the table', () => {
    expect(() => parseSwIndustryTable(withRows((rows) => rows, { '600519.SH': '801125' }))).toThrow(
      /600519.SH: 801125 is not a level 3/,
    );
    expect(() => parseSwIndustryTable(withRows((rows) => rows, { '600519.SH': '859999' }))).toThrow();
  });
});

describe('classifying the demo A-shares', () => {
  const { instruments } = generateDemoCatalogue();
  const stocks = instruments.filter((instrument) => instrument.type === 'capital');

  it('places every demo A-share at levels 2 and 3 consistently under its level 1', () => {
    for (const stock of stocks) {
      const level2Node = swIndustryNode(stock.swLevel2 ?? '');
      const level3Node = swIndustryNode(stock.swLevel3 ?? '');
      expect(level2Node?.level, stock.code).toBe(2);
      expect(level2Node?.parent, stock.code).toBe(stock.industry);
      expect(level3Node?.level, stock.code).toBe(3);
      expect(level3Node?.parent, stock.code).toBe(stock.swLevel2);
    }
  });

  it('leaves everything that is not an A-share unclassified', () => {
    for (const instrument of instruments.filter((item) => item.type !== 'capital')) {
      expect(instrument.swLevel2, instrument.code).toBeNull();
      expect(instrument.swLevel3, instrument.code).toBeNull();
    }
  });

  it('gives the well-known stocks their real SW2021 classification', () => {
    const levelsOf = (code: string) => {
      const stock = stocks.find((item) => item.code === code);
      return [swIndustryNode(stock?.swLevel2 ?? '')?.name, swIndustryNode(stock?.swLevel3 ?? '')?.name];
    };
    expect(levelsOf('600519.SH')).toEqual(['白酒Ⅱ', '白酒Ⅲ']);
    expect(levelsOf('000858.SZ')).toEqual(['白酒Ⅱ', '白酒Ⅲ']);
    expect(levelsOf('000001.SZ')).toEqual(['股份制银行Ⅱ', '股份制银行Ⅲ']);
    expect(levelsOf('600036.SH')).toEqual(['股份制银行Ⅱ', '股份制银行Ⅲ']);
    expect(levelsOf('601398.SH')).toEqual(['国有大型银行Ⅱ', '国有大型银行Ⅲ']);
    expect(levelsOf('601318.SH')).toEqual(['保险Ⅱ', '保险Ⅲ']);
    expect(levelsOf('600030.SH')).toEqual(['证券Ⅱ', '证券Ⅲ']);
    expect(levelsOf('300750.SZ')).toEqual(['电池', '锂电池']);
    expect(levelsOf('002594.SZ')).toEqual(['乘用车', '电动乘用车']);
    expect(levelsOf('688981.SH')).toEqual(['半导体', '集成电路制造']);
  });

  it('classifies by a hash of the code alone: the same code lands in the same place for any seed', () => {
    const other = generateDemoCatalogue(7);
    const byCode = new Map(stocks.map((stock) => [stock.code, stock]));
    for (const stock of other.instruments.filter((item) => item.type === 'capital')) {
      const same = byCode.get(stock.code);
      if (same?.industry === stock.industry)
        expect([stock.swLevel2, stock.swLevel3], stock.code).toEqual([same.swLevel2, same.swLevel3]);
    }
    expect(classifySwIndustry('600000.SH', '801010.ZSI')).toEqual(
      classifySwIndustry('600000.SH', '801010.ZSI'),
    );
  });

  it('spreads the generated members over more than one level 2 per level 1', () => {
    const used = new Set(stocks.map((stock) => stock.swLevel2));
    const multi = swLevel1Industries.filter(
      (industry) => swChildren(industry.code).filter((node) => used.has(node.code)).length > 1,
    );
    expect(multi.length).toBeGreaterThanOrEqual(25);
  });
});
