// `npm run bench`: runs every benchmark, prints each figure beside its budget, and fails when a
// figure is over budget. Expects a fresh build (the npm script builds first).
//
// `node bench/run.mjs realtime websocket` runs only the benchmarks whose file name contains one of
// the arguments.
//
// A benchmark module exports `name`, `budget` ({ value, unit, atLeast? }: a ceiling, or a floor when
// atLeast) and `run()`. run() resolves to { value, detail }, or to an array of
// { name, budget, value, detail } when one setup yields several figures.
import * as alertEvaluation from './alert-evaluation.mjs';
import * as favoritePage from './favorite-page.mjs';
import * as firstPaintJs from './first-paint-js.mjs';
import * as flashFeed from './flash-feed.mjs';
import * as flashPush from './flash-push.mjs';
import * as flowChartDraw from './flow-chart-draw.mjs';
import * as klineFirstFrame from './kline-first-frame.mjs';
import * as realtime from './realtime.mjs';
import * as reportPage from './report-page.mjs';
import * as screenerFund from './screener-fund.mjs';
import * as screenerSelect from './screener-select.mjs';
import * as serverStart from './server-start.mjs';
import * as sevenElevenPage from './seven-eleven-page.mjs';
import * as watchlistList from './watchlist-list.mjs';
import * as websocket from './websocket.mjs';

const benchmarks = {
  'first-paint-js': firstPaintJs,
  'server-start': serverStart,
  'kline-first-frame': klineFirstFrame,
  'flow-chart-draw': flowChartDraw,
  'report-page': reportPage,
  'favorite-page': favoritePage,
  'seven-eleven-page': sevenElevenPage,
  realtime,
  websocket,
  'alert-evaluation': alertEvaluation,
  'watchlist-list': watchlistList,
  'flash-feed': flashFeed,
  'flash-push': flashPush,
  'screener-select': screenerSelect,
  'screener-fund': screenerFund,
};

const wanted = process.argv.slice(2);
const selected = Object.entries(benchmarks).filter(
  ([file]) => wanted.length === 0 || wanted.some((word) => file.includes(word)),
);
if (selected.length === 0) {
  console.error(`no benchmark matches ${wanted.join(' ')}; there are ${Object.keys(benchmarks).join(', ')}`);
  process.exit(2);
}

const format = (value) => (Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(1));

let over = 0;
for (const [, benchmark] of selected) {
  const outcome = await benchmark.run();
  const results = Array.isArray(outcome)
    ? outcome
    : [{ name: benchmark.name, budget: benchmark.budget, ...outcome }];
  for (const { name, budget, value, detail } of results) {
    const within = budget.atLeast ? value >= budget.value : value <= budget.value;
    if (!within) over += 1;
    const unit = budget.unit;
    const limit = `${budget.atLeast ? '≥ ' : ''}${budget.value} ${unit}`;
    console.log(
      `${name}: ${format(value)} ${unit} (budget ${limit}) ${within ? 'within budget' : 'OVER BUDGET'}`,
    );
    console.log(`  ${detail}`);
  }
}
process.exitCode = over > 0 ? 1 : 0;
