// `npm run bench`: runs every benchmark, prints each figure beside its budget, and fails when a
// figure is over budget. Expects a fresh build (the npm script builds first).
import * as firstPaintJs from './first-paint-js.mjs';
import * as klineFirstFrame from './kline-first-frame.mjs';
import * as serverStart from './server-start.mjs';

const benchmarks = [firstPaintJs, serverStart, klineFirstFrame];
let over = 0;
for (const benchmark of benchmarks) {
  const result = await benchmark.run();
  const within = result.value <= benchmark.budget.value;
  if (!within) over += 1;
  const unit = benchmark.budget.unit;
  console.log(
    `${benchmark.name}: ${result.value.toFixed(1)} ${unit} (budget ${benchmark.budget.value} ${unit}) ${within ? 'within budget' : 'OVER BUDGET'}`,
  );
  console.log(`  ${result.detail}`);
}
process.exitCode = over > 0 ? 1 : 0;
