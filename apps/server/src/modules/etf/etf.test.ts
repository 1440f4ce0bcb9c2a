import { describe, expect, it } from 'vitest';
import { useMarketSession, WEDNESDAY_AFTER_CLOSE } from '../../test/market-session.ts';

const session = useMarketSession(WEDNESDAY_AFTER_CLOSE, { apiLock: false });

async function get(url: string) {
  const response = await session.context.app.inject({ method: 'GET', url });
  return response.json();
}

describe('ETF endpoints on the demo market', () => {
  it('holdAll of 510300SH lists the holdings in percent, summing to nearly the whole fund', async () => {
    const body = await get('/api/v4/etf/holdAll/510300SH');
    expect(body.code).toBe('000');
    const list = body.datas.list as { code: string; name: string; holdScale: number }[];
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
    const datas = (await get('/api/v4/etf/linkFund/510300SH')).datas;
    expect(datas.etfs.length).toBeGreaterThan(0);
    expect(datas.etfs.some((etf: { code: string }) => etf.code === '510300.SH')).toBe(false);
    for (const etf of datas.etfs) {
      expect(etf.similar).toBeGreaterThan(0);
      expect(etf.similar).toBeLessThanOrEqual(1);
    }
    const similar = datas.etfs.map((etf: { similar: number }) => etf.similar);
    expect(similar).toEqual([...similar].sort((a, b) => b - a));
    for (const fund of datas.linkFunds) expect(fund.name).toContain('沪深300');
  });

  it('answers an unknown code and a stock code with the not-found failure', async () => {
    const unknown = await get('/api/v4/etf/holdAll/599999SH');
    expect(unknown).toEqual({ code: '404', message: '未找到代码 599999.SH 对应的品种', datas: null });
    const stock = await get('/api/v4/etf/linkFund/600519SH');
    expect(stock.code).toBe('404');
    expect(stock.message).toContain('不是ETF');
  });
});
