import { describe, expect, it } from 'vitest';
import { priceTargetProblem } from './alert-target.ts';

const moutai = { type: 'capital', limitUp: 1650.0, limitDown: 1350.0 } as const;

describe('a price alert target', () => {
  it('is accepted on the fen within the limits', () => {
    expect(priceTargetProblem(1500.01, moutai)).toBeNull();
    expect(priceTargetProblem(1650, moutai)).toBeNull();
    expect(priceTargetProblem(1350, moutai)).toBeNull();
  });

  it('is refused off the A-share tick', () => {
    expect(priceTargetProblem(1500.005, moutai)).toBe('价格须为最小变动单位 0.01 的整数倍');
  });

  it('is refused beyond 涨停 or 跌停', () => {
    expect(priceTargetProblem(1650.01, moutai)).toBe('不能高于涨停价 1650.00');
    expect(priceTargetProblem(1349.99, moutai)).toBe('不能低于跌停价 1350.00');
  });

  it('lies above the current price for a rise and below it for a fall', () => {
    const now = { ...moutai, price: 1500 };
    expect(priceTargetProblem(1510, now, 'above')).toBeNull();
    expect(priceTargetProblem(1500, now, 'above')).toBe('需高于当前价 1500.00');
    expect(priceTargetProblem(1490, now, 'below')).toBeNull();
    expect(priceTargetProblem(1500.5, now, 'below')).toBe('需低于当前价 1500.00');
  });

  it('is refused at zero or below', () => {
    expect(priceTargetProblem(0, moutai)).toBe('请输入大于 0 的价格');
    expect(priceTargetProblem(-1, moutai)).toBe('请输入大于 0 的价格');
  });

  it('takes an ETF to 0.001', () => {
    expect(priceTargetProblem(4.056, { type: 'fund_onside', limitUp: 4.5, limitDown: 3.7 })).toBeNull();
    expect(priceTargetProblem(4.0565, { type: 'fund_onside', limitUp: 4.5, limitDown: 3.7 })).not.toBeNull();
  });

  it('follows the HKEX spread table and has no limits in Hong Kong', () => {
    const tencent = { type: 'hk', limitUp: null, limitDown: null } as const;
    expect(priceTargetProblem(400.2, tencent)).toBeNull();
    expect(priceTargetProblem(400.1, tencent)).toBe('价格须为最小变动单位 0.2 的整数倍');
    expect(priceTargetProblem(9999, tencent)).not.toBeNull();
    expect(priceTargetProblem(5000, tencent)).toBeNull();
  });
});
