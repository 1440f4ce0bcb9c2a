import { type AlertKind, alertCooldownMs, type Quote } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import {
  AlertEvaluator,
  type ArmedAlert,
  nextBeijingMidnight,
  speedSampleMs,
  speedWindowMs,
  staleQuoteMs,
} from './alert-evaluator.ts';

const T0 = Date.parse('2026-11-20T02:30:00Z');

function quote(overrides: Partial<Quote> = {}): Quote {
  return {
    code: '600519.SH',
    name: '贵州茅台',
    type: 'capital',
    time: T0,
    tradingDay: 20261120,
    status: 'trading',
    price: 1500,
    prevClose: 1500,
    open: 1500,
    high: 1500,
    low: 1500,
    volume: 1000,
    amount: 1_500_000,
    chg: 0,
    chgPct: 0,
    amplitude: 0,
    turnoverRate: 0.01,
    limitUp: 1650,
    limitDown: 1350,
    pe: 30,
    pb: 9,
    marketCap: 1,
    floatMarketCap: 1,
    ...overrides,
  };
}

/** A quote at `price` on a 1500 previous close, as the engine derives the change. */
function at(price: number, time = T0, overrides: Partial<Quote> = {}): Quote {
  const chgPct = price / 1500 - 1;
  return quote({ price, time, chgPct, ...overrides });
}

let nextId = 1;
function alert(kind: AlertKind, value: number, overrides: Partial<ArmedAlert> = {}): ArmedAlert {
  return {
    id: nextId++,
    userId: 1,
    code: '600519.SH',
    kind,
    value,
    frequency: 'once',
    fireCount: 0,
    updatedAt: '',
    lastFiredAt: null,
    ...overrides,
  };
}

function tick(time: number, code = '600519.SH') {
  return { time, rows: [[code] as const] };
}

function judge(evaluator: AlertEvaluator, q: Quote, time = q.time) {
  return evaluator.evaluate(tick(time, q.code), () => q).map((firing) => firing.alert.id);
}

describe('the alert evaluator', () => {
  it('fires price at or above and at or below their lines, and nothing short of them', () => {
    const evaluator = new AlertEvaluator(() => T0);
    const above = alert('priceAbove', 1510);
    const below = alert('priceBelow', 1490);
    evaluator.upsert(above);
    evaluator.upsert(below);
    expect(judge(evaluator, at(1509.99))).toEqual([]);
    expect(judge(evaluator, at(1490.01))).toEqual([]);
    expect(judge(evaluator, at(1510))).toEqual([above.id]);
    expect(judge(evaluator, at(1490))).toEqual([below.id]);
  });

  it('fires only the crossed part of a book of many lines', () => {
    const evaluator = new AlertEvaluator(() => T0);
    const lines = [1501, 1502, 1503, 1504, 1505].map((value) => alert('priceAbove', value));
    for (const line of lines) evaluator.upsert(line);
    expect(judge(evaluator, at(1503.5)).sort()).toEqual(lines.slice(0, 3).map((line) => line.id));
    expect(evaluator.size().armed).toBe(2);
  });

  it('fires day change up and down as fractions of the previous close', () => {
    const evaluator = new AlertEvaluator(() => T0);
    const up = alert('changeAbove', 0.03);
    const down = alert('changeBelow', 0.03);
    evaluator.upsert(up);
    evaluator.upsert(down);
    expect(judge(evaluator, at(1544))).toEqual([]);
    expect(judge(evaluator, at(1545))).toEqual([up.id]);
    expect(judge(evaluator, at(1455))).toEqual([down.id]);
  });

  it('fires 涨停 and 跌停 when the price reaches the limit', () => {
    const evaluator = new AlertEvaluator(() => T0);
    const up = alert('limitUp', 0);
    const down = alert('limitDown', 0);
    evaluator.upsert(up);
    evaluator.upsert(down);
    expect(judge(evaluator, at(1649.99))).toEqual([]);
    expect(judge(evaluator, at(1650))).toEqual([up.id]);
    expect(judge(evaluator, at(1350.01))).toEqual([]);
    expect(judge(evaluator, at(1350))).toEqual([down.id]);
  });

  it('fires 换手率 and 成交额 above their values', () => {
    const evaluator = new AlertEvaluator(() => T0);
    const turnover = alert('turnoverAbove', 0.05);
    const amount = alert('amountAbove', 1e9);
    evaluator.upsert(turnover);
    evaluator.upsert(amount);
    expect(judge(evaluator, at(1500, T0, { turnoverRate: 0.049, amount: 9e8 }))).toEqual([]);
    expect(judge(evaluator, at(1500, T0, { turnoverRate: 0.05, amount: 1e9 })).sort()).toEqual([
      turnover.id,
      amount.id,
    ]);
  });

  it('judges 5-minute speed against the price five minutes before, not before it has one', () => {
    const evaluator = new AlertEvaluator(() => T0);
    const up = alert('speedUp', 0.01);
    evaluator.upsert(up);
    expect(judge(evaluator, at(1500, T0))).toEqual([]);
    // Two minutes in, +2%: the window has no price from five minutes ago yet.
    expect(judge(evaluator, at(1530, T0 + 120_000))).toEqual([]);
    // Five minutes after the first sample: +1.6% over the window.
    expect(judge(evaluator, at(1524, T0 + 300_000))).toEqual([up.id]);
  });

  it('never judges a suspended, pre-open or stale quote, or a zero previous close', () => {
    const evaluator = new AlertEvaluator(() => T0);
    evaluator.upsert(alert('priceAbove', 1000));
    expect(judge(evaluator, at(1500, T0, { status: 'suspended' }))).toEqual([]);
    expect(judge(evaluator, at(1500, T0, { status: 'preopen' }))).toEqual([]);
    expect(judge(evaluator, at(1500, T0, { prevClose: 0 }))).toEqual([]);
    expect(judge(evaluator, at(1500, T0, { price: 0 }))).toEqual([]);
    expect(judge(evaluator, at(1500, T0 - staleQuoteMs - 1), T0)).toEqual([]);
    expect(judge(evaluator, at(1500))).toHaveLength(1);
  });

  it('fires once alerts once, daily alerts once a Beijing day, every-time alerts after the cool-down', () => {
    const evaluator = new AlertEvaluator(() => T0);
    const once = alert('priceAbove', 1510, { frequency: 'once' });
    const daily = alert('priceAbove', 1511, { frequency: 'daily' });
    const always = alert('priceAbove', 1512, { frequency: 'always' });
    for (const a of [once, daily, always]) evaluator.upsert(a);
    expect(judge(evaluator, at(1520)).sort()).toEqual([once.id, daily.id, always.id]);
    expect(judge(evaluator, at(1520, T0 + 3000))).toEqual([]);
    expect(judge(evaluator, at(1520, T0 + alertCooldownMs))).toEqual([always.id]);
    const tomorrow = nextBeijingMidnight(T0) + 9.5 * 3600_000;
    expect(judge(evaluator, at(1520, tomorrow, { tradingDay: 20261123 })).sort()).toEqual([
      daily.id,
      always.id,
    ]);
  });

  it('keeps a recently fired alert resting when loaded, and forgets a paused one', () => {
    const evaluator = new AlertEvaluator(() => T0);
    const daily = alert('priceAbove', 1510, { frequency: 'daily', lastFiredAt: T0 - 60_000 });
    const removed = alert('priceAbove', 1510);
    evaluator.upsert(daily);
    evaluator.upsert(removed);
    evaluator.remove(removed.id);
    expect(judge(evaluator, at(1520))).toEqual([]);
    expect(evaluator.size()).toEqual({ armed: 0, resting: 1 });
  });

  it('judges a fund NAV alert once per NAV published after it was set', () => {
    const evaluator = new AlertEvaluator(() => T0);
    const navUp = alert('navChangeAbove', 0.01, { code: '005827.OF', frequency: 'daily' });
    evaluator.upsert(navUp);
    const nav = (day: number, chgPct: number) =>
      quote({ code: '005827.OF', type: 'fund_outside', status: 'closed', tradingDay: day, chgPct });
    const run = (q: Quote) =>
      evaluator.evaluate({ time: T0, rows: [] }, (code) => (code === q.code ? q : undefined));
    expect(run(nav(20261119, 0.02))).toEqual([]);
    expect(run(nav(20261120, 0.005))).toEqual([]);
    expect(run(nav(20261123, 0.015)).map((f) => f.alert.id)).toEqual([navUp.id]);
    expect(run(nav(20261123, 0.015))).toEqual([]);
  });
});

describe('the alert evaluator against a plain reading of every alert', () => {
  it('fires exactly the alerts a pass over all of them would, tick after tick', () => {
    let seed = 20261125;
    const random = () => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    const kinds: AlertKind[] = [
      'priceAbove',
      'priceBelow',
      'changeAbove',
      'changeBelow',
      'turnoverAbove',
      'amountAbove',
      'limitUp',
      'limitDown',
      'speedUp',
      'speedDown',
    ];
    const codes = ['600519.SH', '000001.SZ', '300750.SZ', '601318.SH'];
    const quotes = new Map(codes.map((code) => [code, at(1500, T0, { code })]));
    const evaluator = new AlertEvaluator(() => T0);
    const alerts: ArmedAlert[] = [];
    for (let i = 0; i < 400; i += 1) {
      const kind = kinds[Math.floor(random() * kinds.length)] as AlertKind;
      const spread = random() * 0.1;
      const value =
        kind === 'priceAbove'
          ? Math.round(1500 * (1 + spread) * 100) / 100
          : kind === 'priceBelow'
            ? Math.round(1500 * (1 - spread) * 100) / 100
            : kind === 'amountAbove'
              ? 1e6 + random() * 1e8
              : kind === 'turnoverAbove'
                ? 0.01 + spread
                : spread;
      const armed = alert(kind, value, { code: codes[i % codes.length] as string });
      alerts.push(armed);
      evaluator.upsert(armed);
    }
    const pending = new Set(alerts.map((a) => a.id));
    // 涨速 as documented: a price kept every speedSampleMs, compared with the last one kept at or
    // before 5 minutes ago; no figure until there is one.
    const samples = new Map<string, { time: number; price: number }[]>(codes.map((code) => [code, []]));
    const speedOf = (q: Quote, time: number): number | null => {
      const kept = samples.get(q.code) as { time: number; price: number }[];
      const base = kept.filter((sample) => sample.time <= time - speedWindowMs).at(-1);
      return base ? (q.price as number) / base.price - 1 : null;
    };
    const holds = (a: ArmedAlert, q: Quote, time: number): boolean => {
      const price = q.price as number;
      const speed = speedOf(q, time);
      switch (a.kind) {
        case 'speedUp':
          return speed !== null && speed >= a.value;
        case 'speedDown':
          return speed !== null && -speed >= a.value;
        case 'priceAbove':
          return price >= a.value;
        case 'priceBelow':
          return price <= a.value;
        case 'changeAbove':
          return (q.chgPct ?? 0) >= a.value;
        case 'changeBelow':
          return -(q.chgPct ?? 0) >= a.value;
        case 'turnoverAbove':
          return (q.turnoverRate ?? 0) >= a.value;
        case 'amountAbove':
          return q.amount >= a.value;
        case 'limitUp':
          return price >= (q.limitUp as number);
        default:
          return price <= (q.limitDown as number);
      }
    };
    let time = T0;
    let firedTotal = 0;
    for (let step = 0; step < 300; step += 1) {
      time += 3000;
      for (const code of codes) {
        const previous = quotes.get(code) as Quote;
        const moved = Math.round((previous.price as number) * (1 + (random() - 0.5) * 0.01) * 100) / 100;
        const price = Math.min(1650, Math.max(1350, moved));
        const chgPct = Math.round((Math.round((price - 1500) * 10_000) / 10_000 / 1500) * 1e6) / 1e6;
        quotes.set(
          code,
          at(price, time, {
            code,
            chgPct,
            amount: previous.amount + random() * 1e6,
            turnoverRate: (previous.turnoverRate ?? 0) + random() * 0.001,
          }),
        );
        const kept = samples.get(code) as { time: number; price: number }[];
        if (time - (kept.at(-1)?.time ?? Number.NEGATIVE_INFINITY) >= speedSampleMs)
          kept.push({ time, price });
      }
      const expected = alerts
        .filter((a) => pending.has(a.id) && holds(a, quotes.get(a.code) as Quote, time))
        .map((a) => a.id)
        .sort((x, y) => x - y);
      const fired = evaluator
        .evaluate({ time, rows: codes.map((code) => [code] as const) }, (code) => quotes.get(code))
        .map((firing) => firing.alert.id)
        .sort((x, y) => x - y);
      expect(fired).toEqual(expected);
      for (const id of fired) pending.delete(id);
      firedTotal += fired.length;
    }
    expect(firedTotal).toBeGreaterThan(50);
  });
});
