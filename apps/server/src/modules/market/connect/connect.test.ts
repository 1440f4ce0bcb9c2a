import { api } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { call, callRefused } from '../../../test/call.ts';
import { useMarketSession } from '../../../test/market-session.ts';
import { dailyQuota } from './connect-flow-model.ts';

const session = useMarketSession();

describe('北向/南向 flows', () => {
  it("today's north net inflow on /northDates is the home page's north summary, and its intraday line ends on it", async () => {
    const { datas: flow } = await call(session.context, api.market.connectFlow, {
      query: { direction: 'north', days: 30 },
    });
    const { datas: summary } = await call(session.context, api.market.northSummary);
    expect(flow.netInflow).toBe(summary.netInflow);
    expect(flow.channels).toEqual(summary.channels.map((channel) => channel.netInflow));
    expect(flow.tradingDay).toBe(20261120);
    expect(flow.history[0]).toEqual({
      day: 20261120,
      netInflow: summary.netInflow,
      channels: summary.channels.map((channel) => channel.netInflow),
    });
    const last = flow.intraday.at(-1);
    expect(last?.[1]).toBe(summary.netInflow);
    // The summary's line is the same line.
    expect(summary.series).toEqual(flow.intraday.map(([minute, total]) => [minute, total]));
    // At 10:30 the session has run from 9:30: one point per minute.
    expect(flow.intraday[0]?.[0]).toBe(930);
    expect(last?.[0]).toBe(1030);
  });

  it('adds the channels up to the total at every minute and on every day', async () => {
    for (const direction of ['north', 'south'] as const) {
      const { datas } = await call(session.context, api.market.connectFlow, {
        query: { direction, days: 90 },
      });
      expect(datas.history).toHaveLength(90);
      for (const [, total, first, second] of datas.intraday) expect(first + second).toBe(total);
      for (const row of datas.history)
        expect((row.channels[0] ?? 0) + (row.channels[1] ?? 0)).toBe(row.netInflow);
      expect(datas.cumulative).toBe(datas.history.reduce((sum, row) => sum + row.netInflow, 0));
      // Newest first, no day twice.
      const days = datas.history.map((row) => row.day);
      expect([...days].sort((a, b) => b - a)).toEqual(days);
      expect(new Set(days).size).toBe(days.length);
    }
  });

  it('refuses a window other than 30, 90 or 250 days and an unknown direction, in Chinese', async () => {
    const days = await callRefused(session.context, api.market.connectFlow, {
      query: { direction: 'north', days: 60 as 30 },
    });
    expect(days.status).toBe(400);
    expect(days.message).toMatch(/30、90 或 250/);
    const direction = await callRefused(session.context, api.market.connectFlow, {
      query: { direction: 'east' as 'north' },
    });
    expect(direction.message).toMatch(/north（北向）或 south（南向）/);
  });
});

describe('沪深港通详情', () => {
  it("shows today's channels with the real quotas, remaining = quota − used, equal to the summaries", async () => {
    const { datas } = await call(session.context, api.market.connectDetail, { query: {} });
    const north = (await call(session.context, api.market.northSummary)).datas;
    const south = (await call(session.context, api.market.southSummary)).datas;
    expect(datas.tradingDay).toBe(20261120);
    expect(datas.north.netInflow).toBe(north.netInflow);
    expect(datas.south?.netInflow).toBe(south.netInflow);
    for (const [direction, channels] of [
      ['north', datas.north.channels],
      ['south', datas.south?.channels ?? []],
    ] as const) {
      expect(channels).toHaveLength(2);
      for (const channel of channels) {
        expect(channel.quota).toBe(dailyQuota[direction]);
        expect(channel.quotaUsed).toBe(Math.max(0, channel.netInflow));
        expect(channel.quotaLeft).toBe(channel.quota - channel.quotaUsed);
        expect(channel.buyAmount - channel.sellAmount).toBe(channel.netInflow);
      }
    }
    expect(dailyQuota).toEqual({ north: 52_000_000_000, south: 42_000_000_000 });
    expect(datas.topTraded.north.length).toBe(10);
  });

  it("answers a past day from the same figures as that day's history row", async () => {
    const flow = (await call(session.context, api.market.connectFlow, { query: { direction: 'north' } }))
      .datas;
    const past = flow.history[3];
    const { datas } = await call(session.context, api.market.connectDetail, { query: { day: past?.day } });
    expect(datas.tradingDay).toBe(past?.day);
    expect(datas.north.netInflow).toBe(past?.netInflow);
    expect(datas.north.channels.map((channel) => channel.netInflow)).toEqual(past?.channels);
  });

  it('refuses a day without data and a malformed day', async () => {
    const missing = await callRefused(session.context, api.market.connectDetail, {
      query: { day: 20261122 },
    });
    expect(missing.code).toBe('404');
    expect(missing.message).toMatch(/没有沪深港通数据/);
    const malformed = await callRefused(session.context, api.market.connectDetail, {
      query: { day: 'x' as unknown as number },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.message).toMatch(/YYYYMMDD/);
  });
});

describe('新股日历', () => {
  it('lists the latest listings with their listing day and a first-day change equal to their K-line', async () => {
    const { datas } = await call(session.context, api.market.ipoCalendar, { query: { size: 10 } });
    expect(datas.subscribing).toEqual([]);
    expect(datas.listed).toHaveLength(10);
    // The compact market's latest listings are within its stored history: their first day is known.
    expect(datas.listed[0]?.firstDayChgPct).not.toBeNull();
    const days = datas.listed.map((row) => row.listingDay);
    expect([...days].sort((a, b) => b - a)).toEqual(days);
    for (const row of datas.listed.slice(0, 3)) {
      const k = (await call(session.context, api.market.dayKV2, { params: { code: row.code }, query: {} }))
        .datas;
      const first = k.list[0];
      if (first?.[0] === row.listingDay && first[1] !== null && first[5] !== null)
        expect(row.firstDayChgPct).toBeCloseTo(first[5] / first[1] - 1, 10);
      else expect(row.firstDayChgPct).toBeNull();
      const quote = (await call(session.context, api.market.realTime, { query: { codes: row.code } }))
        .datas[0];
      expect(row.price).toBe(quote?.price);
      expect(row.chgPct).toBe(quote?.chgPct);
    }
  });
});

describe('异动个股', () => {
  it('lists moves newest first, each at its minute bar’s price', async () => {
    const { datas } = await call(session.context, api.market.swingStocks, { query: {} });
    expect(datas.live).toBe(true);
    const minutes = datas.list.map((event) => event.minute);
    expect([...minutes].sort((a, b) => b - a)).toEqual(minutes);
    const event = datas.list[0];
    if (event) {
      const rows = (
        await call(session.context, api.market.subscribeShare, { query: { code: event.code, days: 1 } })
      ).datas;
      expect(rows.find((row) => row[4] === event.minute)?.[1]).toBe(event.price);
    }
  });
});

describe('as the session runs', () => {
  it('keeps what finished minutes showed and adds the minutes since, never judging the one in progress', async () => {
    const swingsBefore = (await call(session.context, api.market.swingStocks, { query: {} })).datas;
    const flowBefore = (
      await call(session.context, api.market.connectFlow, { query: { direction: 'north' } })
    ).datas;
    // 10:30 → 10:50:30; the minute in progress is then 10:50.
    session.now += 20.5 * 60_000;
    await session.context.market.engine.beat();
    const swingsAfter = (await call(session.context, api.market.swingStocks, { query: {} })).datas;
    const flowAfter = (await call(session.context, api.market.connectFlow, { query: { direction: 'north' } }))
      .datas;
    const summary = (await call(session.context, api.market.northSummary)).datas;
    expect(swingsAfter.list).toEqual(expect.arrayContaining(swingsBefore.list));
    expect(Math.max(...swingsAfter.list.map((event) => event.minute))).toBeLessThan(1050);
    expect(swingsAfter.live).toBe(true);
    // Every finished minute keeps its figure; the line now ends at 10:50 on the summary's figure.
    expect(flowAfter.intraday.slice(0, flowBefore.intraday.length - 1)).toEqual(
      flowBefore.intraday.slice(0, -1),
    );
    expect(flowAfter.intraday.at(-1)).toEqual([1050, summary.netInflow, ...flowAfter.channels]);
    expect(flowAfter.netInflow).toBe(summary.netInflow);
  });
});
