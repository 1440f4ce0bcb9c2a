// Fund screen (issue 18 item 3 benchmark): ten conditions over every fund of the full demo market
// (DEMO_UNIVERSE full: ~10,500 off-exchange funds and LOFs), select (sorted, first page) and num
// (the live count). Budget: p95 ≤ 20 ms a call, as the stock screen's.
//
// Calls go one at a time from this process, so each one's time is the server's time plus a local
// HTTP round trip: an upper bound of the server time. The server builds the once-per-close table
// (NAV series, sizes, managers of every fund) in the background from its start; that cost, off
// the clock, is printed beside the budget from the server's log line, not judged.
import {
  logLine,
  percentile,
  preparedDataDir,
  removeDir,
  startServerOnCopy,
  tradingSessionStart,
} from './server.mjs';

export const name = 'fundSelect (10 conditions)';

const CALLS = 200;
const WARMUP = 20;

/** Ten conditions with wide bounds, so most funds stay in and sorting has the most rows to order. */
const conditions = {
  seqFlags:
    'FUND_TYPE,FUND_SIZE,FUND_AGE,MANAGER_TENURE,RET_Y1,RET_M6,MAX_DRAWDOWN,SHARPE,VOLATILITY,FEE_MANAGE',
  FUND_TYPE: '混合型,股票型,指数型,债券型',
  FUND_SIZE_left: 0.5,
  FUND_SIZE_right: 'Infinity',
  FUND_AGE_left: 1,
  FUND_AGE_right: 'Infinity',
  MANAGER_TENURE_left: 0.5,
  MANAGER_TENURE_right: 'Infinity',
  RET_Y1_left: -40,
  RET_Y1_right: 'Infinity',
  RET_M6_left: '-Infinity',
  RET_M6_right: 'Infinity',
  MAX_DRAWDOWN_left: 0,
  MAX_DRAWDOWN_right: 60,
  SHARPE_left: -10,
  SHARPE_right: 'Infinity',
  VOLATILITY_left: 0,
  VOLATILITY_right: 80,
  FEE_MANAGE_left: 0,
  FEE_MANAGE_right: 3,
};

async function post(address, path, body) {
  const started = performance.now();
  const response = await fetch(`${address}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  const ms = performance.now() - started;
  if (answer.code !== '000') throw new Error(`${path}: ${answer.code} ${answer.message}`);
  return { datas: answer.datas, ms };
}

export async function run() {
  // The stock screen's market (a trading session, full universe), so one prepared folder serves both.
  // DEMO_UNIVERSE=compact in the bench's environment gives a quick run of the same script; the
  // budget is for the full universe.
  const env = { MARKET_CLOCK_START: tradingSessionStart, DEMO_UNIVERSE: process.env.DEMO_UNIVERSE ?? 'full' };
  const dataDir = await preparedDataDir('screener-fund', env);
  const server = await startServerOnCopy(dataDir, { env });
  try {
    // A market whose close already stored the day's table loads it instead of building it.
    const table = await logLine(server, ['fund screen table built', 'fund screen table loaded'], 900_000);
    const build = await post(server.address, '/api/v2/fundSelect/num', { seqFlags: '' });
    const matched = await post(server.address, '/api/v2/fundSelect/num', conditions);
    const times = { select: [], num: [] };
    for (let index = 0; index < WARMUP + CALLS; index += 1) {
      const select = await post(server.address, '/api/v2/fundSelect/select', {
        ...conditions,
        sortFlag: index % 2 === 0 ? 'RET_Y1' : 'SHARPE',
        page: 1 + (index % 5),
        size: 20,
      });
      const num = await post(server.address, '/api/v2/fundSelect/num', conditions);
      if (index >= WARMUP) {
        times.select.push(select.ms);
        times.num.push(num.ms);
      }
    }
    const detail = (list) => {
      const sorted = [...list].sort((a, b) => a - b);
      return {
        p95: percentile(sorted, 95),
        text: `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms; ${CALLS} calls one at a time; ${matched.datas.num} of ${build.datas.total} funds match; background: the table of ${table.funds} funds ${table.msg === 'fund screen table loaded' ? 'loaded' : 'built'} in ${(table.wallMs / 1000).toFixed(1)} s (${(table.cpuMs / 1000).toFixed(1)} s CPU), once per NAV day`,
      };
    };
    const select = detail(times.select);
    const num = detail(times.num);
    return [
      {
        name: 'fundSelect/select 10 conditions: p95',
        budget: { value: 20, unit: 'ms' },
        value: select.p95,
        detail: select.text,
      },
      {
        name: 'fundSelect/num 10 conditions: p95',
        budget: { value: 20, unit: 'ms' },
        value: num.p95,
        detail: num.text,
      },
    ];
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}
