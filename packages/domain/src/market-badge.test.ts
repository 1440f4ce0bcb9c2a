import { describe, expect, it } from 'vitest';
import type { InstrumentType } from './instrument.ts';
import { type BadgeMarket, marketBadge } from './market-badge.ts';

describe('marketBadge by code (spec 1 §2)', () => {
  it.each<{ name: string; code: string; expected: { label: string; market: BadgeMarket } | null }>([
    { name: '600 is the Shanghai main board', code: '600519.SH', expected: { label: '沪', market: 'sh' } },
    { name: '601 is the Shanghai main board', code: '601318.SH', expected: { label: '沪', market: 'sh' } },
    { name: '603 is the Shanghai main board', code: '603288.SH', expected: { label: '沪', market: 'sh' } },
    { name: '605 is the Shanghai main board', code: '605499.SH', expected: { label: '沪', market: 'sh' } },
    { name: '000 is the Shenzhen main board', code: '000001.SZ', expected: { label: '深', market: 'sz' } },
    { name: '001 is the Shenzhen main board', code: '001979.SZ', expected: { label: '深', market: 'sz' } },
    { name: '002 is the Shenzhen main board', code: '002594.SZ', expected: { label: '深', market: 'sz' } },
    { name: '003 is the Shenzhen main board', code: '003816.SZ', expected: { label: '深', market: 'sz' } },
    { name: '688 is the STAR board', code: '688981.SH', expected: { label: '科创', market: 'star' } },
    { name: '689 is the STAR board', code: '689009.SH', expected: { label: '科创', market: 'star' } },
    { name: '300 is ChiNext', code: '300750.SZ', expected: { label: '创业', market: 'chinext' } },
    { name: '301 is ChiNext', code: '301269.SZ', expected: { label: '创业', market: 'chinext' } },
    { name: 'suffix .BJ is Beijing', code: '430047.BJ', expected: { label: '北', market: 'bj' } },
    { name: 'suffix .HK is Hong Kong', code: '00700.HK', expected: { label: '港', market: 'hk' } },
    { name: 'suffix .ZSI is an index', code: '801080.ZSI', expected: { label: '指数', market: 'index' } },
    { name: 'suffix .WI is an index', code: '884039.WI', expected: { label: '指数', market: 'index' } },
    { name: 'suffix .HI is an index', code: 'HSI.HI', expected: { label: '指数', market: 'index' } },
    { name: 'suffix .CSI is an index', code: '000985.CSI', expected: { label: '指数', market: 'index' } },
    { name: 'suffix .OF is a fund', code: '000001.OF', expected: { label: '基金', market: 'fund' } },
    {
      name: '000xxx.SH is a Shanghai index',
      code: '000001.SH',
      expected: { label: '指数', market: 'index' },
    },
    {
      name: '399xxx.SZ is a Shenzhen index',
      code: '399006.SZ',
      expected: { label: '指数', market: 'index' },
    },
    {
      name: 'a bare six-digit code is read by prefix',
      code: '600519',
      expected: { label: '沪', market: 'sh' },
    },
    { name: 'a lower-case suffix is read', code: '00700.hk', expected: { label: '港', market: 'hk' } },
    { name: 'a Shanghai prefix on .SZ contradicts and is null', code: '600519.SZ', expected: null },
    { name: 'an exchange fund code without a type is null', code: '510300.SH', expected: null },
    { name: 'a B-share prefix is null', code: '900901.SH', expected: null },
    { name: 'an unknown suffix is null', code: '600519.XX', expected: null },
    { name: 'a non-numeric code is null', code: 'ABC.SH', expected: null },
    { name: 'an empty code is null', code: '', expected: null },
  ])('$name', ({ code, expected }) => {
    expect(marketBadge(code)).toEqual(expected);
  });
});

describe('marketBadge with a type hint', () => {
  it.each<{ name: string; code: string; type: InstrumentType | null; expected: string | null }>([
    { name: 'fund_onside is ETF', code: '510300.SH', type: 'fund_onside', expected: 'ETF' },
    { name: 'fund_lof is LOF', code: '161725.SZ', type: 'fund_lof', expected: 'LOF' },
    {
      name: 'an LOF listing traded as fund_onside is LOF',
      code: '161725.SZ',
      type: 'fund_onside',
      expected: 'LOF',
    },
    { name: 'a Shanghai LOF listing is LOF', code: '501018.SH', type: 'fund_onside', expected: 'LOF' },
    { name: 'a Shenzhen ETF stays ETF', code: '159915.SZ', type: 'fund_onside', expected: 'ETF' },
    { name: 'fund_outside is 基金', code: '000001.OF', type: 'fund_outside', expected: '基金' },
    {
      name: 'index_hs is 指数 even with a stock-like prefix',
      code: '000300.SH',
      type: 'index_hs',
      expected: '指数',
    },
    { name: 'index_hy is 指数', code: '801080.ZSI', type: 'index_hy', expected: '指数' },
    { name: 'index_gn is 指数', code: '884039.WI', type: 'index_gn', expected: '指数' },
    { name: 'index_hk_hs is 指数', code: 'HSI.HI', type: 'index_hk_hs', expected: '指数' },
    { name: 'hk is 港', code: '00700.HK', type: 'hk', expected: '港' },
    {
      name: 'capital falls back to the code (ChiNext)',
      code: '300750.SZ',
      type: 'capital',
      expected: '创业',
    },
    { name: 'a null type falls back to the code', code: '600519.SH', type: null, expected: '沪' },
  ])('$name', ({ code, type, expected }) => {
    expect(marketBadge(code, type)?.label ?? null).toBe(expected);
  });
});
