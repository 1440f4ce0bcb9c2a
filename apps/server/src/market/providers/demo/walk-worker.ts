/**
 * The worker thread of parallel-walks.ts: walks the instruments it is given and posts their packed
 * bars back (transferred, not copied). Bundled beside the server as dist/walk-worker.js.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { HistoryWindow } from './demo-histories.ts';
import { priceProfile } from './demo-profiles.ts';
import { generateDemoCatalogue } from './instrument-catalogue.ts';
import { type WalkRequest, walkOne } from './parallel-walks.ts';

const request = workerData as WalkRequest;
const byCode = new Map(
  generateDemoCatalogue(request.seed, request.universe).instruments.map((instrument) => [
    instrument.code,
    instrument,
  ]),
);
const window = new HistoryWindow(request.windowStart, request.through);
const results = request.codes.map((code) => {
  const instrument = byCode.get(code);
  if (!instrument) throw new Error(`walk worker: ${code} is not in the catalogue`);
  return walkOne(request.seed, instrument, priceProfile(request.seed, instrument), window);
});
parentPort?.postMessage(
  results,
  results.map((result) => result.bars.buffer as ArrayBuffer),
);
