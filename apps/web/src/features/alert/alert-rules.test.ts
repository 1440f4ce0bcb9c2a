import { describe, expect, it } from 'vitest';
import { alertText, inputOf, messageTarget, readDraftValue } from './alert-rules.ts';

const moutai = { type: 'capital' as const, price: 1500, limitUp: 1650, limitDown: 1350 };

describe('alert values in the editor', () => {
  it('reads a price line on the tick, within the limits and on the right side of the price', () => {
    expect(readDraftValue('priceBelow', '1490', moutai)).toEqual({ value: 1490 });
    expect(readDraftValue('priceBelow', '1510', moutai)).toEqual({ problem: '需低于当前价 1500.00' });
    expect(readDraftValue('priceAbove', '1700', moutai)).toEqual({ problem: '不能高于涨停价 1650.00' });
    expect(readDraftValue('priceAbove', '1500.005', moutai)).toEqual({
      problem: '价格须为最小变动单位 0.01 的整数倍',
    });
    expect(readDraftValue('priceAbove', '', moutai)).toEqual({ problem: '请输入提醒数值' });
    expect(readDraftValue('priceAbove', 'abc', moutai)).toEqual({ problem: '请输入大于 0 的数值' });
  });

  it('reads ratios in % and amounts in 亿', () => {
    expect(readDraftValue('changeAbove', '5', moutai)).toEqual({ value: 0.05 });
    expect(readDraftValue('changeBelow', '100', moutai)).toEqual({ problem: '跌幅须小于 100%' });
    expect(readDraftValue('amountAbove', '10', moutai)).toEqual({ value: 1e9 });
    expect(readDraftValue('limitUp', '', moutai)).toEqual({ value: 0 });
  });

  it('shows stored values as the user typed them', () => {
    expect(inputOf('changeAbove', 0.05, 'capital')).toBe('5');
    expect(inputOf('amountAbove', 1e9, 'capital')).toBe('10');
    expect(inputOf('priceBelow', 1490, 'capital')).toBe('1490.00');
    expect(alertText('priceBelow', 1490, 'capital')).toBe('股价跌到 1490.00');
    expect(alertText('changeAbove', 0.05, 'capital')).toBe('日涨幅超过 5%');
    expect(alertText('limitUp', 0, 'capital')).toBe('触及涨停');
  });
});

describe('where a message opens', () => {
  const instrument = { code: '600519.SH', instrumentType: 'capital' as const };

  it('follows the path stored with it, else its instrument, else nothing', () => {
    expect(messageTarget({ path: '/chooseSuper?id=3', code: null, instrumentType: null })).toBe(
      '/chooseSuper?id=3',
    );
    expect(messageTarget({ path: null, ...instrument })).toBe('/stock?stockCode=600519.SH');
    expect(messageTarget({ path: null, code: null, instrumentType: null })).toBeNull();
  });

  it('never leaves the app for a path that names another site', () => {
    for (const path of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      expect(messageTarget({ path, ...instrument })).toBe('/stock?stockCode=600519.SH');
    }
  });
});
