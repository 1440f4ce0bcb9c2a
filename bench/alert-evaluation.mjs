// Alert evaluation (issue 16 "Benchmarks"): 100,000 active alerts over the whole universe, a tick
// every 3 s, at most 5 ms of server time per tick.
//
// What it measures: the server's evaluator (apps/server/src/modules/alert/alert-evaluator.ts),
// bundled here with esbuild as the server build bundles it, called in this process exactly as the
// alert module calls it from the engine's onTick: `evaluate(tick, code => engine.quote(code))`.
// The universe is 5,000 instruments (about the A-share market, larger than the demo market), and
// every instrument moves on every tick — the worst case, since a tick only carries the instruments
// that changed. The 100,000 alerts mix every price-based kind and frequency, their lines drawn within
// ±5% of the price, so alerts fire and re-arm throughout. Each figure is the time of one evaluate
// call over 200 ticks (10 minutes of trading) after 20 warm-up ticks, as CPU time of this process
// (process.cpuUsage: on a shared machine wall time also counts the neighbours; it is printed beside);
// the judged figure is the mean, the server time a tick costs over a session; the median, the 99th
// percentile (garbage collection and JIT threads count in a process's CPU time) and the machine's
// load average are printed beside it. Delivery of what fires (database, sockets, push) runs after
// the tick, asynchronously, and is not part of this figure: it grows with the alerts that fire, not
// with the alerts held.
import { availableParallelism, loadavg } from 'node:os';
import { build } from 'esbuild';

export const name = 'alert evaluation CPU time per tick (100,000 alerts, mean)';
export const budget = { value: 5, unit: 'ms' };

const INSTRUMENTS = 5_000;
const ALERTS = 100_000;
const WARMUP_TICKS = 20;
const TICKS = 200;
const TICK_MS = 3000;

const kinds = [
  'priceAbove',
  'priceBelow',
  'changeAbove',
  'changeBelow',
  'speedUp',
  'speedDown',
  'turnoverAbove',
  'amountAbove',
  'limitUp',
  'limitDown',
];
const frequencies = ['once', 'daily', 'always'];

async function loadEvaluator() {
  const entry = new URL('../apps/server/src/modules/alert/alert-evaluator.ts', import.meta.url).pathname;
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  const code = bundle.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

/** A deterministic generator, so every run judges the same market. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export async function run() {
  const { AlertEvaluator } = await loadEvaluator();

  const next = random(20261125);
  const start = Date.parse('2026-11-20T01:30:00Z');
  const quotes = new Map();
  const codes = [];
  for (let i = 0; i < INSTRUMENTS; i += 1) {
    const code = `${String(600000 + i)}.SH`;
    const prevClose = Math.round((5 + next() * 200) * 100) / 100;
    codes.push(code);
    quotes.set(code, {
      code,
      name: code,
      type: 'capital',
      time: start,
      tradingDay: 20261120,
      status: 'trading',
      price: prevClose,
      prevClose,
      open: prevClose,
      high: prevClose,
      low: prevClose,
      volume: 0,
      amount: 0,
      chg: 0,
      chgPct: 0,
      amplitude: 0,
      turnoverRate: 0,
      limitUp: Math.round(prevClose * 110) / 100,
      limitDown: Math.round(prevClose * 90) / 100,
      pe: null,
      pb: null,
      marketCap: null,
      floatMarketCap: null,
    });
  }

  let now = start;
  const evaluator = new AlertEvaluator(() => now);
  for (let id = 1; id <= ALERTS; id += 1) {
    const code = codes[Math.floor(next() * INSTRUMENTS)];
    const quote = quotes.get(code);
    const kind = kinds[Math.floor(next() * kinds.length)];
    const spread = next() * 0.05;
    const value =
      kind === 'priceAbove'
        ? Math.round(quote.price * (1 + spread) * 100) / 100
        : kind === 'priceBelow'
          ? Math.round(quote.price * (1 - spread) * 100) / 100
          : kind === 'amountAbove'
            ? 1e8 * (1 + next() * 50)
            : kind === 'limitUp' || kind === 'limitDown'
              ? 0
              : spread;
    evaluator.upsert({
      id,
      userId: 1 + (id % 20_000),
      code,
      kind,
      value,
      frequency: frequencies[id % 3],
      fireCount: 0,
      updatedAt: '',
      lastFiredAt: null,
    });
  }

  const rows = codes.map((code) => [code]);
  const quoteOf = (code) => quotes.get(code);
  const times = [];
  const wall = [];
  let fired = 0;
  for (let tick = 0; tick < WARMUP_TICKS + TICKS; tick += 1) {
    now += TICK_MS;
    // Every instrument moves: a random walk of up to ±0.3% a tick, within its limits.
    for (const quote of quotes.values()) {
      const moved = quote.price * (1 + (next() - 0.5) * 0.006);
      const price = Math.min(quote.limitUp, Math.max(quote.limitDown, Math.round(moved * 100) / 100));
      const volume = quote.volume + Math.floor(next() * 10_000);
      quote.price = price;
      quote.time = now;
      quote.chg = price - quote.prevClose;
      quote.chgPct = quote.chg / quote.prevClose;
      quote.volume = volume;
      quote.amount += price * (volume - quote.volume + 5_000);
      quote.turnoverRate = volume / 1e8;
    }
    const began = performance.now();
    const cpuBefore = process.cpuUsage();
    const firings = evaluator.evaluate({ time: now, rows }, quoteOf);
    const cpu = process.cpuUsage(cpuBefore);
    const elapsed = performance.now() - began;
    if (tick >= WARMUP_TICKS) {
      times.push((cpu.user + cpu.system) / 1000);
      wall.push(elapsed);
      fired += firings.length;
    }
  }
  times.sort((a, b) => a - b);
  wall.sort((a, b) => a - b);
  const at = (share, list = times) => list[Math.min(list.length - 1, Math.floor(share * list.length))];
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  const size = evaluator.size();
  return {
    value: mean,
    detail:
      `${ALERTS.toLocaleString('en')} alerts on ${INSTRUMENTS.toLocaleString('en')} instruments, all moving every tick; ` +
      `CPU time per tick median ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms, max ${times.at(-1).toFixed(2)} ms ` +
      `over ${TICKS} ticks (wall median ${at(0.5, wall).toFixed(2)} ms, p99 ${at(0.99, wall).toFixed(2)} ms); ${fired.toLocaleString('en')} firings (${(fired / TICKS).toFixed(0)} a tick); ` +
      `at the end ${size.armed.toLocaleString('en')} armed, ${size.resting.toLocaleString('en')} resting; ` +
      `load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`,
  };
}
