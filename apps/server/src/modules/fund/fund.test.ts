import { api } from '@zhicai/contract';
import { addCalendarDays, monthsBefore, navRangePeriods, periodReturn, roundReturn } from '@zhicai/domain';
import { describe, expect, it } from 'vitest';
import { call, callRefused } from '../../test/call.ts';
import { useMarketSession, WEDNESDAY_AFTER_CLOSE } from '../../test/market-session.ts';
import { navPointsOf } from './returns.ts';

const session = useMarketSession(WEDNESDAY_AFTER_CLOSE, { apiLock: false });

const baseInfo = async (code: string) =>
  (await call(session.context, api.fund.baseInfo, { query: { code } })).datas;
const holdings = async (code: string) =>
  (await call(session.context, api.fund.holdings, { query: { code } })).datas;

describe('fund endpoints on the demo market', () => {
  it('baseInfo of 005827.OF reads its NAV, returns, size and managers', async () => {
    const answer = await call(session.context, api.fund.baseInfo, { query: { code: '005827.OF' } });
    expect(answer.code).toBe('000');
    const { datas } = answer;
    expect(datas).toMatchObject({
      code: '005827.OF',
      name: '易方达蓝筹精选混合',
      type: 'fund_outside',
      company: '易方达',
    });
    const points = navPointsOf(
      await session.context.market.repositories.series.readSeries('005827.OF', 'nav'),
      'nav',
    );
    const last = points.at(-1);
    expect(datas.navDate).toBe(last?.day);
    expect(datas.unitNav).toBe(last?.unit);
    const fund = session.context.market.directory.get('005827.OF');
    expect(datas.size).toBe(Math.round((fund?.floatShares ?? 0) * (last?.unit ?? 0)));
    // The history starts at inception (2018 or earlier): three-year figures exist, since-inception is from the first NAV.
    expect(datas.returns.y3).not.toBeNull();
    const first = points[0];
    if (!first || !last) throw new Error('005827.OF has no NAV history');
    expect(datas.returns.sinceInception).toBeCloseTo(periodReturn(first, last), 5);
    expect(datas.managers.length).toBeGreaterThanOrEqual(1);
  });

  it('manager lists the fund it manages, with the tenure return and assets', async () => {
    const base = await baseInfo('005827.OF');
    const managerId = base.managers[0]?.id ?? '';
    const answer = await call(session.context, api.fund.manager, { query: { id: managerId } });
    expect(answer.code).toBe('000');
    const { datas } = answer;
    const fund = datas.funds.find((item) => item.code === '005827.OF');
    expect(fund).toMatchObject({ name: '易方达蓝筹精选混合', size: base.size });
    expect(fund?.tenureReturn).not.toBeNull();
    expect(datas.assets).toBe(datas.funds.reduce((sum, item) => sum + item.size, 0));
    expect(datas.annualReturn).toBeGreaterThan(-1);
    expect((await callRefused(session.context, api.fund.manager, { query: { id: 'nobody' } })).code).toBe(
      '404',
    );
  });

  it('navHistory returns the range with daily changes', async () => {
    const { list } = (
      await call(session.context, api.fund.navHistory, { query: { code: '005827.OF', range: '1M' } })
    ).datas;
    // One month of trading days (fewer around the Spring Festival), from the same day last month on.
    expect(list.length).toBeGreaterThanOrEqual(10);
    expect(list.length).toBeLessThanOrEqual(23);
    const [first, second] = list;
    const last = list.at(-1);
    if (!first || !second || !last) throw new Error('005827.OF has no month of NAVs');
    // The range opens on its base: the NAV on or before the same day last month.
    expect(first[0]).toBeLessThanOrEqual(monthsBefore(last[0], 1));
    expect(second[0]).toBeGreaterThan(monthsBefore(last[0], 1));
    const asNav = (row: typeof first) => ({ day: row[0], unit: row[1], accum: row[2] });
    expect(second[3]).toBeCloseTo(periodReturn(asNav(first), asNav(second)), 5);
  });

  it('holdings and fees come from the holdings table and the fund terms', async () => {
    const held = await holdings('005827.OF');
    expect(held.stocks.length).toBeGreaterThan(0);
    expect(held.stocks[0]?.name).not.toBe(held.stocks[0]?.code);
    const allocation = held.assetAllocation.reduce((sum, item) => sum + item.weight, 0);
    expect(allocation).toBeCloseTo(1, 3);
    const fees = (await call(session.context, api.fund.fees, { query: { code: '005827.OF' } })).datas;
    expect(fees.management).toBe(0.012);
    expect(fees.purchase[0]).toEqual({ range: '100万元以下', rate: 0.015 });
    expect(fees.purchase[2]?.range).toContain('每笔1000元');
    expect(fees.redemption.map((tier) => tier.rate)).toEqual([0.015, 0.005, 0.0025, 0]);
  });

  it('holds what its name says: a 白酒 index fund the liquor makers, a healthcare fund healthcare', async () => {
    const industryOf = (code: string) => session.context.market.directory.get(code)?.industry;
    const baijiu = await holdings('161725.OF');
    const liquor = baijiu.stocks.map((stock) => stock.code);
    expect(liquor).toEqual(expect.arrayContaining(['600519.SH', '000858.SZ']));
    expect(liquor.every((code) => industryOf(code) === '801120.ZSI')).toBe(true);
    const base = await baseInfo('161725.OF');
    expect(base.benchmark).toBe('中证白酒指数收益率×95%+银行活期存款利率(税后)×5%');

    const healthcare = await holdings('003095.OF');
    expect(healthcare.stocks.length).toBeGreaterThan(0);
    for (const stock of healthcare.stocks) expect(industryOf(stock.code), stock.code).toBe('801150.ZSI');
  });

  it('draws every chart range and fills every return cell from one NAV series (6月 +0.04% vs −0.36%)', async () => {
    for (const code of ['005827.OF', '161725.OF']) {
      const base = await baseInfo(code);
      for (const [range, period] of Object.entries(navRangePeriods) as [
        keyof typeof navRangePeriods,
        (typeof navRangePeriods)[keyof typeof navRangePeriods],
      ][]) {
        const { list } = (await call(session.context, api.fund.navHistory, { query: { code, range } })).datas;
        const first = list[0];
        const last = list.at(-1);
        if (!first || !last) throw new Error(`${code} has no NAVs for ${range}`);
        expect(last[0], `${code} ${range}`).toBe(base.navDate);
        // The chart's return line, as the client draws it: from the range's first row.
        const chartEnd = roundReturn(
          periodReturn(
            { day: first[0], unit: first[1], accum: first[2] },
            { day: last[0], unit: last[1], accum: last[2] },
          ),
        );
        const cell = base.returns[period];
        if (cell !== null) expect(chartEnd, `${code} ${range}`).toBe(cell);
      }
    }
  });

  it('starts at inception at par, so 成立来 is 累计净值 − 1 (005827.OF: −0.72% beside 3.1524)', async () => {
    for (const code of ['005827.OF', '161725.OF', '110022.OF']) {
      const base = await baseInfo(code);
      const { list } = (await call(session.context, api.fund.navHistory, { query: { code, range: 'ALL' } }))
        .datas;
      expect(list[0]?.slice(0, 3), code).toEqual([base.inceptionDate, 1, 1]);
      expect(base.returns.sinceInception, code).toBe(roundReturn(base.accumNav - 1));
    }
  });

  it('pays distributions as events: 累计净值 − 单位净值 is the cash paid so far, and a payout is no loss', async () => {
    const { directory, repositories } = session.context.market;
    let payouts = 0;
    const problems: string[] = [];
    for (const fund of directory.ofType('fund_outside', 'fund_lof')) {
      const navs = navPointsOf(await repositories.series.readSeries(fund.code, 'nav'), 'nav');
      // The series starts on 成立日, or on the first trading day after it when that was a holiday.
      const first = navs[0]?.day ?? 0;
      if (first < fund.listingDay || first > addCalendarDays(fund.listingDay, 14))
        problems.push(`${fund.code} starts ${first}, set up ${fund.listingDay}`);
      let paid = 0;
      navs.forEach((nav, index) => {
        const previous = navs[index - 1];
        const nowPaid = Math.round((nav.accum - nav.unit) * 10_000) / 10_000;
        if (nowPaid < paid) problems.push(`${fund.code} ${nav.day}: paid falls to ${nowPaid}`);
        if (previous && nowPaid > paid) {
          payouts += 1;
          // The day's return adds the cash back: a fund's daily move, not a drop by the payout.
          if (Math.abs(periodReturn(previous, nav)) > 0.08) problems.push(`${fund.code} ${nav.day}: jump`);
        }
        paid = nowPaid;
      });
    }
    expect(problems).toEqual([]);
    expect(payouts).toBeGreaterThan(10);
  }, 30_000);

  it('keeps every active fund under the 10% single-stock limit and within its stock share (26.97% 茅台)', async () => {
    const { directory, repositories } = session.context.market;
    const active = directory
      .ofType('fund_outside', 'fund_lof')
      .filter((fund) => fund.profile.kind === 'fund' && !fund.profile.trackedIndex);
    expect(active.length).toBeGreaterThan(20);
    for (const fund of active) {
      const rows = await repositories.memberships.listHoldings(fund.code);
      const equity = fund.profile.kind === 'fund' ? fund.profile.equityShare : 0;
      for (const row of rows) expect(row.weight, `${fund.code} ${row.member_code}`).toBeLessThanOrEqual(0.1);
      expect(
        rows.reduce((sum, row) => sum + row.weight, 0),
        fund.code,
      ).toBeLessThanOrEqual(equity);
    }
    // A consumer fund holds consumer stocks (食品饮料, 家用电器, 商贸零售, 美容护理).
    const consumer = new Set(['801120.ZSI', '801110.ZSI', '801200.ZSI', '801980.ZSI']);
    const held = await holdings('110022.OF');
    expect(held.stocks.length).toBeGreaterThan(0);
    for (const stock of held.stocks)
      expect(consumer.has(directory.get(stock.code)?.industry ?? ''), stock.code).toBe(true);
  });

  it("gives each manager one company's funds and each fund one company everywhere (four companies)", async () => {
    const { directory, repositories } = session.context.market;
    const managers = new Map(
      (await repositories.fundManagers.listManagers()).map((manager) => [manager.id, manager]),
    );
    for (const term of await repositories.fundManagers.listAllTerms()) {
      const fund = directory.get(term.fund_code);
      const company = fund?.profile.kind === 'fund' ? fund.profile.company : null;
      expect(company, `${term.manager_id} ${term.fund_code}`).toBe(managers.get(term.manager_id)?.company);
      expect(term.start_day).toBeGreaterThanOrEqual(fund?.listingDay ?? 0);
    }
    const base = await baseInfo('163406.OF');
    expect(base.company).toBe('兴证全球');
    for (const { id } of base.managers) {
      const manager = (await call(session.context, api.fund.manager, { query: { id } })).datas;
      expect(manager.company).toBe(base.company);
    }
    const rows = [];
    for (const page of [1, 2])
      rows.push(
        ...(
          await call(session.context, api.market.getRank, {
            query: { id: 'fund-return-1y', page, size: 100 },
          })
        ).datas.list,
      );
    const row = rows.find((item) => item.code === '163406.OF');
    expect(row?.subtitle.startsWith(`${base.company} · `)).toBe(true);
    // The rank list's 近1年 is the fund page's 近1年.
    expect(row?.value).toBe(base.returns.y1);
  });

  it('answers an unknown code and a stock code with the not-found failure', async () => {
    expect(
      await callRefused(session.context, api.fund.baseInfo, { query: { code: '999999.OF' } }),
    ).toMatchObject({ code: '404', message: '未找到代码 999999.OF 对应的品种', datas: null });
    const stock = await callRefused(session.context, api.fund.baseInfo, { query: { code: '600519.SH' } });
    expect(stock.code).toBe('404');
    expect(stock.message).toBe('600519.SH（贵州茅台）是A股，不是基金');
  });
});
