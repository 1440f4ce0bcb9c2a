import { api } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { call, callRefused } from '../../test/call.ts';
import { useMarketSession, WEDNESDAY_AFTER_CLOSE } from '../../test/market-session.ts';

const session = useMarketSession(WEDNESDAY_AFTER_CLOSE, { apiLock: false });

describe('ETF endpoints on the demo market', () => {
  it('holdAll of 510300SH lists the holdings in percent, summing to nearly the whole fund', async () => {
    const answer = await call(session.context, api.etf.holdAll, { params: { code: '510300SH' } });
    expect(answer.code).toBe('000');
    const { list } = answer.datas;
    const total = list.reduce((sum, item) => sum + item.holdScale, 0);
    expect(total).toBeGreaterThanOrEqual(95 - 0.01);
    expect(total).toBeLessThanOrEqual(100);
    expect(list.map((item) => item.holdScale)).toEqual(
      [...list.map((item) => item.holdScale)].sort((a, b) => b - a),
    );
    const members = new Set(
      session.context.market.directory.membersOf('000300.SH').map((member) => member.code),
    );
    expect(list.every((item) => members.has(item.code))).toBe(true);
  });

  it('linkFund finds ETFs holding the same stocks, most similar first', async () => {
    const { datas } = await call(session.context, api.etf.linkFund, { params: { code: '510300SH' } });
    expect(datas.etfs.length).toBeGreaterThan(0);
    expect(datas.etfs.some((etf) => etf.code === '510300.SH')).toBe(false);
    for (const etf of datas.etfs) {
      expect(etf.similar).toBeGreaterThan(0);
      expect(etf.similar).toBeLessThanOrEqual(1);
    }
    const similar = datas.etfs.map((etf) => etf.similar);
    expect(similar).toEqual([...similar].sort((a, b) => b - a));
    for (const fund of datas.linkFunds) expect(fund.name).toContain('沪深300');
  });

  it('answers an unknown code and a stock code with the not-found failure', async () => {
    const unknown = await callRefused(session.context, api.etf.holdAll, { params: { code: '599999SH' } });
    expect(unknown).toMatchObject({ code: '404', message: '未找到代码 599999.SH 对应的品种', datas: null });
    const stock = await callRefused(session.context, api.etf.linkFund, { params: { code: '600519SH' } });
    expect(stock.code).toBe('404');
    expect(stock.message).toContain('不是ETF');
  });
});
