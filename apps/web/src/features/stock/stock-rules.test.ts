import { describe, expect, it } from 'vitest';
import { quoteOf } from '../../testing/quote-fixtures.ts';
import {
  currentPercentile,
  formatCompareCell,
  quoteFields,
  valuationPoints,
  valuationReferences,
} from './stock-rules.ts';
import { handicap } from './testing/stock-fixtures.ts';

const moutai = quoteOf('600519.SH');

describe('quoteFields', () => {
  it('lists the A-share figures with the 盘口 figures and limit prices last, at the fen', () => {
    const fields = quoteFields(moutai, 'cn', handicap);
    expect(fields.map((field) => field.label)).toEqual([
      '今开',
      '最高',
      '最低',
      '昨收',
      '成交量',
      '成交额',
      '换手率',
      '振幅',
      '量比',
      '委比',
      '外盘',
      '内盘',
      '市盈率',
      '市净率',
      '每股收益',
      '股息率',
      '总市值',
      '流通市值',
      '52周最高',
      '52周最低',
      '涨停',
      '跌停',
    ]);
    const byLabel = Object.fromEntries(fields.map((field) => [field.label, field]));
    expect(byLabel.今开).toEqual({ label: '今开', text: '1490.00', tone: 'down' });
    expect(byLabel.最高?.tone).toBe('up');
    expect(byLabel.昨收?.text).toBe('1500.00');
    expect(byLabel.成交量?.text).toBe('2.35万手');
    expect(byLabel.成交额?.text).toBe('35.60亿');
    expect(byLabel.换手率?.text).toBe('0.19%');
    expect(byLabel.总市值?.text).toBe('1.91万亿');
    expect(byLabel.量比?.text).toBe('1.27');
    expect(byLabel.外盘?.text).toBe('1.30万手');
    expect(byLabel.内盘?.text).toBe('1.05万手');
    expect(byLabel.每股收益?.text).toBe('68.64');
    expect(byLabel.股息率?.text).toBe('2.03%');
    expect(byLabel['52周最高']?.text).toBe('1910.00');
    expect(byLabel['52周最低']?.text).toBe('1245.60');
    expect(byLabel.涨停).toEqual({ label: '涨停', text: '1650.00', tone: 'up' });
    expect(byLabel.跌停).toEqual({ label: '跌停', text: '1350.00', tone: 'down' });
  });

  it('shows 涨停 at the fen: 2207.47, not 2207', () => {
    const fields = quoteFields({ ...moutai, limitUp: 2207.47 }, 'cn');
    expect(fields.find((field) => field.label === '涨停')?.text).toBe('2207.47');
  });

  it('colours 委比 by its sign', () => {
    const fields = quoteFields(moutai, 'cn', { ...handicap, orderImbalance: -0.2513 });
    expect(fields.find((field) => field.label === '委比')).toEqual({
      label: '委比',
      text: '-25.13%',
      tone: 'down',
    });
  });

  it('gives a Hong Kong share its board lot, 港元 amounts and spread-table prices', () => {
    const tencent = quoteOf('00700.HK', {
      type: 'hk',
      price: 402.4,
      open: 400.2,
      amount: 1.2e10,
      marketCap: 3.7e12,
    });
    const byLabel = Object.fromEntries(
      quoteFields(tencent, 'hk', { ...handicap, currency: 'HKD' }).map((field) => [field.label, field.text]),
    );
    expect(byLabel.今开).toBe('400.20');
    expect(byLabel.成交额).toBe('120.0亿港元');
    expect(byLabel.总市值).toBe('3.70万亿港元');
    expect(byLabel.每手股数).toBe('100股');
  });

  it('leaves limit prices out for Hong Kong and counts volume in shares', () => {
    const fields = quoteFields({ ...moutai, volume: 12_000_000 }, 'hk');
    expect(fields.map((field) => field.label)).not.toContain('涨停');
    expect(fields.find((field) => field.label === '成交量')?.text).toBe('1200万股');
  });

  it('shows the index figures only', () => {
    expect(quoteFields(moutai, 'index').map((field) => field.label)).toEqual([
      '今开',
      '最高',
      '最低',
      '昨收',
      '成交额',
      '振幅',
    ]);
  });

  it('shows -- for every figure before the quote arrives', () => {
    for (const field of quoteFields(undefined, 'cn')) {
      expect(field.text).toBe('--');
      expect(field.tone).toBe('none');
    }
  });

  it('shows -- for a missing PE', () => {
    expect(quoteFields({ ...moutai, pe: null }, 'cn').find((field) => field.label === '市盈率')?.text).toBe(
      '--',
    );
  });
});

describe('section formatting', () => {
  it('formats comparison cells by unit', () => {
    expect(formatCompareCell(1.91e12, 'yuan')).toBe('1.91万亿');
    expect(formatCompareCell(0.3012, 'ratio')).toBe('30.12%');
    expect(formatCompareCell(28.53, 'times')).toBe('28.53');
    expect(formatCompareCell(null, 'ratio')).toBe('--');
  });

  it('drops missing valuation days and builds the reference lines', () => {
    expect(
      valuationPoints([
        { x: '20240101', y: 30 },
        { x: '20240102', y: null },
      ]),
    ).toEqual([{ x: '20240101', y: 30 }]);
    expect(valuationReferences({ min: 20, mid: null, max: 40 })).toEqual([
      { value: 20, label: '最低' },
      { value: 40, label: '最高' },
    ]);
  });

  it('reads the latest percentile', () => {
    expect(currentPercentile([{ p: 10 }, { p: 35.2 }, { p: null }])).toBe('35.20%');
    expect(currentPercentile([])).toBe('--');
  });
});
