/**
 * The random walks of a first start, on both cores. At the full market's size a first start walks
 * ~8,000 stocks over five years (~9 million bars), most of its time before serving; a worker thread
 * walks half of them. Each walk is a pure function of the seed, the instrument and the window, so
 * where it runs changes nothing in what is stored.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DayBarRow, DayNumber, FactorRow, TradingMarket } from '@zhicai/domain';
import { HistoryWindow, walkPackedHistory } from './demo-histories.ts';
import type { DemoInstrument, DemoUniverse } from './instrument-catalogue.ts';
import type { PriceProfile } from './price-model.ts';

/** One instrument's walk: its bars packed (packBars), its ex-date steps and floats. */
export interface WalkResult {
  code: string;
  bars: Float64Array;
  factors: FactorRow[];
  shareChanges: [DayNumber, number][];
  /** The float on its first day, and after its last bonus issue. */
  floatShares: number;
  finalFloatShares: number;
}

/** What a walk worker is asked (walk-worker.ts). */
export interface WalkRequest {
  seed: number;
  universe: DemoUniverse;
  windowStart: DayNumber;
  through: Record<TradingMarket, DayNumber>;
  codes: string[];
}

/** Below this many walks a worker's start (its own catalogue and profiles) is not worth it. */
const workerThreshold = 2_000;

/** The bundled worker beside the bundled server (build.mjs); absent when running from sources. */
const workerFile = fileURLToPath(new URL('./walk-worker.js', import.meta.url));

export function walkOne(
  seed: number,
  instrument: DemoInstrument,
  profile: PriceProfile,
  window: HistoryWindow,
): WalkResult {
  const { bars, floatShares } = walkPackedHistory(
    seed,
    instrument,
    profile,
    window.daysOf(instrument, profile.market),
    window.start,
  );
  return {
    code: instrument.code,
    bars: bars.packed,
    factors: bars.factors,
    shareChanges: bars.shareChanges,
    floatShares,
    finalFloatShares: bars.state.floatShares,
  };
}

/** Bars back from packBars: NaN was null. */
export function unpackBars(packed: Float64Array, fromRow = 0): DayBarRow[] {
  const rows: DayBarRow[] = [];
  const value = (at: number) => {
    const number = packed[at] ?? Number.NaN;
    return Number.isNaN(number) ? null : number;
  };
  for (let at = fromRow * 8; at < packed.length; at += 8)
    rows.push([
      packed[at] ?? 0,
      value(at + 1),
      value(at + 2),
      value(at + 3),
      value(at + 4),
      value(at + 5),
      value(at + 6),
      value(at + 7),
    ] as DayBarRow);
  return rows;
}

/**
 * Walks every instrument, half of them in a worker thread when there are many; results in order.
 * `meanwhile` runs on this thread once the worker is starting, before this thread's half: the
 * worker spends its first second loading and generating its catalogue, time this thread fills
 * with work that needs no walk.
 */
export async function walkAll(
  request: Omit<WalkRequest, 'codes'>,
  instruments: readonly DemoInstrument[],
  profileOf: (instrument: DemoInstrument) => PriceProfile,
  meanwhile: () => void = () => {},
): Promise<WalkResult[]> {
  const window = new HistoryWindow(request.windowStart, request.through);
  const here = (list: readonly DemoInstrument[]) =>
    list.map((instrument) => walkOne(request.seed, instrument, profileOf(instrument), window));
  if (instruments.length < workerThreshold || !existsSync(workerFile)) {
    meanwhile();
    return here(instruments);
  }
  // Every other instrument, so both halves hold as many long histories.
  const away = instruments.filter((_, i) => i % 2 === 1);
  const worker = new Worker(workerFile, {
    workerData: { ...request, codes: away.map((instrument) => instrument.code) } satisfies WalkRequest,
  });
  const fromWorker = new Promise<WalkResult[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`walk worker exited with ${code}`)));
  });
  meanwhile();
  // Walked here while the worker walks the other half; a failed worker's share is walked here too.
  const local = here(instruments.filter((_, i) => i % 2 === 0));
  const remote = await fromWorker.catch(() => here(away));
  await worker.terminate();
  const results: WalkResult[] = [];
  for (let i = 0; i < instruments.length; i += 1) {
    const result = i % 2 === 0 ? local[i / 2] : remote[(i - 1) / 2];
    if (!result || result.code !== instruments[i]?.code) throw new Error('walk results out of order');
    results.push(result);
  }
  return results;
}
