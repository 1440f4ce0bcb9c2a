/**
 * The technical figures of the stock screen, in two halves: what the stored bars before a trading day
 * give (computed once per close, `priorFigures`), and what the live price adds to them
 * (`liveTechnicals`, once per engine tick). Prices are forward-adjusted to the last stored close by
 * chaining each day's close ÷ prevClose (the stored prevClose of an ex-dividend day is the adjusted
 * one), so a dividend or a split is no fall; the watchlist's period changes chain the same factors.
 */

export const maPeriods = [5, 10, 20, 60, 120, 250] as const;
export const extremePeriods = [20, 60, 250] as const;
export const returnPeriods = [5, 20, 60, 120, 250] as const;

export type MaPeriod = (typeof maPeriods)[number];
export type ExtremePeriod = (typeof extremePeriods)[number];
export type ReturnPeriod = (typeof returnPeriods)[number];

/**
 * What the stored bars before the trading day give; NaN where the history is too short. The
 * per-period figures are arrays in the order of their period lists, not records keyed by period: a
 * record with keys 5 … 250 is a sparse (dictionary) object, each read a hash lookup, and a tick
 * reads them for every stock of the market.
 */
export interface PriorFigures {
  /** The last stored close (raw; the adjusted series is anchored on it). */
  lastClose: number;
  /** Per MA period n (maPeriods order): the sum of the last n − 1 adjusted closes (today's price completes it). */
  maSumBefore: readonly number[];
  /** MA5 and MA10 of the last stored day, for crosses. */
  ma5Before: number;
  ma10Before: number;
  /** Per period n (extremePeriods order): the highest and lowest of the last n − 1 adjusted closes. */
  highBefore: readonly number[];
  lowBefore: readonly number[];
  /** Per period n (returnPeriods order): the product of the last n − 1 daily factors (today's factor completes n days). */
  factorBefore: readonly number[];
  /** MACD(12, 26, 9) state at the last stored day. */
  ema12: number;
  ema26: number;
  dea: number;
  /** Consecutive up (close > prevClose) and down days ending on the last stored day. */
  upStreak: number;
  downStreak: number;
}

/** The live technical figures of one stock. */
export interface LiveTechnicals {
  /** (price ÷ MA − 1) × 100 per MA period, MA including today's price. */
  maPosition: Record<MaPeriod, number>;
  maGoldenCross: number;
  maDeadCross: number;
  macdGoldenCross: number;
  macdDeadCross: number;
  newHigh: Record<ExtremePeriod, number>;
  newLow: Record<ExtremePeriod, number>;
  upDays: number;
  downDays: number;
  /** (n-day change) as a fraction, today included; ranked into RPS across the market. */
  periodReturn: Record<ReturnPeriod, number>;
}

function recordOf<K extends number>(keys: readonly K[], value: (key: K) => number): Record<K, number> {
  const record = {} as Record<K, number>;
  for (const key of keys) record[key] = value(key);
  return record;
}

/** Stored bar rows [day, prevClose, open, high, low, close, volume, amount] before `day`, oldest first. */
export function priorFigures(rows: readonly (readonly unknown[])[], day: number): PriorFigures | null {
  const factors: number[] = [];
  const raw: number[] = [];
  for (const row of rows) {
    if (typeof row[0] !== 'number' || row[0] >= day) continue;
    const close = row[5];
    const prevClose = row[1];
    if (typeof close !== 'number' || close <= 0) continue;
    raw.push(close);
    factors.push(typeof prevClose === 'number' && prevClose > 0 ? close / prevClose : 1);
  }
  const count = raw.length;
  if (count === 0) return null;
  const lastClose = raw[count - 1] as number;
  // Forward adjustment: the last close is itself; each earlier close is the next one ÷ the next factor.
  const adjusted = new Array<number>(count);
  adjusted[count - 1] = lastClose;
  for (let index = count - 2; index >= 0; index -= 1)
    adjusted[index] = (adjusted[index + 1] as number) / (factors[index + 1] as number);

  const lastN = (n: number) => (n <= count ? adjusted.slice(count - n) : null);
  const sumOf = (values: readonly number[] | null) =>
    values === null ? Number.NaN : values.reduce((total, value) => total + value, 0);
  const productOf = (values: readonly number[]) => values.reduce((total, value) => total * value, 1);

  let ema12 = adjusted[0] as number;
  let ema26 = adjusted[0] as number;
  let dea = 0;
  for (let index = 1; index < count; index += 1) {
    const close = adjusted[index] as number;
    ema12 = (ema12 * 11 + close * 2) / 13;
    ema26 = (ema26 * 25 + close * 2) / 27;
    dea = (dea * 8 + (ema12 - ema26) * 2) / 10;
  }
  const macdReady = count >= 26;

  let upStreak = 0;
  let downStreak = 0;
  for (let index = count - 1; index >= 0; index -= 1) {
    const factor = factors[index] as number;
    if (factor > 1 && downStreak === 0) upStreak += 1;
    else if (factor < 1 && upStreak === 0) downStreak += 1;
    else break;
  }

  return {
    lastClose,
    maSumBefore: maPeriods.map((n) => sumOf(lastN(n - 1))),
    ma5Before: sumOf(lastN(5)) / 5,
    ma10Before: sumOf(lastN(10)) / 10,
    highBefore: extremePeriods.map((n) => {
      const values = lastN(n - 1);
      return values === null ? Number.NaN : Math.max(...values);
    }),
    lowBefore: extremePeriods.map((n) => {
      const values = lastN(n - 1);
      return values === null ? Number.NaN : Math.min(...values);
    }),
    factorBefore: returnPeriods.map((n) =>
      n - 1 <= count ? productOf(factors.slice(count - (n - 1))) : Number.NaN,
    ),
    ema12: macdReady ? ema12 : Number.NaN,
    ema26: macdReady ? ema26 : Number.NaN,
    dea: macdReady ? dea : Number.NaN,
    upStreak,
    downStreak,
  };
}

const flag = (condition: boolean) => (condition ? 1 : 0);

/**
 * Where writeLiveTechnicals puts one stock's figures: a column per figure, the per-period figures in
 * the order of their period lists, the stock at its row.
 */
export interface LiveTechnicalColumns {
  maPosition: readonly Float64Array[];
  maGoldenCross: Float64Array;
  maDeadCross: Float64Array;
  macdGoldenCross: Float64Array;
  macdDeadCross: Float64Array;
  newHigh: readonly Float64Array[];
  newLow: readonly Float64Array[];
  upDays: Float64Array;
  downDays: Float64Array;
  periodReturn: readonly Float64Array[];
}

/**
 * Today's figures from the prior ones and the live price (prevClose: the quote's, which is the
 * adjusted one on an ex-dividend day), written into row `row` of the columns: the screen writes
 * thousands of stocks per tick, so nothing is allocated per stock. After the close they are the
 * figures of the close.
 */
export function writeLiveTechnicals(
  prior: PriorFigures,
  price: number,
  prevClose: number,
  out: LiveTechnicalColumns,
  row: number,
): void {
  const factor = price / prevClose;
  // Today's price on the adjusted scale of the stored closes.
  const point = prior.lastClose * factor;
  for (let at = 0; at < maPeriods.length; at += 1) {
    const n = maPeriods[at] as MaPeriod;
    (out.maPosition[at] as Float64Array)[row] =
      (point / (((prior.maSumBefore[at] as number) + point) / n) - 1) * 100;
  }
  // maPeriods begins 5, 10.
  const ma5 = ((prior.maSumBefore[0] as number) + point) / 5;
  const ma10 = ((prior.maSumBefore[1] as number) + point) / 10;
  const ema12 = (prior.ema12 * 11 + point * 2) / 13;
  const ema26 = (prior.ema26 * 25 + point * 2) / 27;
  const dif = ema12 - ema26;
  const dea = (prior.dea * 8 + dif * 2) / 10;
  const difBefore = prior.ema12 - prior.ema26;
  const macdKnown = Number.isFinite(dea);
  const maKnown = Number.isFinite(prior.ma10Before);
  out.maGoldenCross[row] = maKnown ? flag(prior.ma5Before <= prior.ma10Before && ma5 > ma10) : Number.NaN;
  out.maDeadCross[row] = maKnown ? flag(prior.ma5Before >= prior.ma10Before && ma5 < ma10) : Number.NaN;
  out.macdGoldenCross[row] = macdKnown ? flag(difBefore <= prior.dea && dif > dea) : Number.NaN;
  out.macdDeadCross[row] = macdKnown ? flag(difBefore >= prior.dea && dif < dea) : Number.NaN;
  for (let at = 0; at < extremePeriods.length; at += 1) {
    const high = prior.highBefore[at] as number;
    const low = prior.lowBefore[at] as number;
    (out.newHigh[at] as Float64Array)[row] = Number.isFinite(high) ? flag(point >= high) : Number.NaN;
    (out.newLow[at] as Float64Array)[row] = Number.isFinite(low) ? flag(point <= low) : Number.NaN;
  }
  out.upDays[row] = factor > 1 ? prior.upStreak + 1 : 0;
  out.downDays[row] = factor < 1 ? prior.downStreak + 1 : 0;
  for (let at = 0; at < returnPeriods.length; at += 1)
    (out.periodReturn[at] as Float64Array)[row] = (prior.factorBefore[at] as number) * factor - 1;
}

/** One stock's live figures (writeLiveTechnicals into one-row columns). */
export function liveTechnicals(prior: PriorFigures, price: number, prevClose: number): LiveTechnicals {
  const cell = () => new Float64Array(1);
  const out: LiveTechnicalColumns = {
    maPosition: maPeriods.map(cell),
    maGoldenCross: cell(),
    maDeadCross: cell(),
    macdGoldenCross: cell(),
    macdDeadCross: cell(),
    newHigh: extremePeriods.map(cell),
    newLow: extremePeriods.map(cell),
    upDays: cell(),
    downDays: cell(),
    periodReturn: returnPeriods.map(cell),
  };
  writeLiveTechnicals(prior, price, prevClose, out, 0);
  const byPeriod = <K extends number>(keys: readonly K[], columns: readonly Float64Array[]) =>
    recordOf(keys, (key) => (columns[keys.indexOf(key)] as Float64Array)[0] as number);
  return {
    maPosition: byPeriod(maPeriods, out.maPosition),
    maGoldenCross: out.maGoldenCross[0] as number,
    maDeadCross: out.maDeadCross[0] as number,
    macdGoldenCross: out.macdGoldenCross[0] as number,
    macdDeadCross: out.macdDeadCross[0] as number,
    newHigh: byPeriod(extremePeriods, out.newHigh),
    newLow: byPeriod(extremePeriods, out.newLow),
    upDays: out.upDays[0] as number,
    downDays: out.downDays[0] as number,
    periodReturn: byPeriod(returnPeriods, out.periodReturn),
  };
}

/** A figure's place in an order: missing figures (NaN) after every known one. */
const orderKey = (value: number) => (Number.isFinite(value) ? value : Number.POSITIVE_INFINITY);

/**
 * The rows of `values` in ascending order of their figures, missing ones (NaN) last. Given the order
 * of the same rows' figures a tick before, it is put right by insertion: a tick moves each n-day
 * change a little, past a few neighbours at most, so this costs about one pass where a sort of the
 * market costs a dozen; a reshuffle (the open, a new day) sorts outright.
 */
export function orderOf(values: Float64Array, previous?: Uint32Array): Uint32Array {
  const count = values.length;
  if (!previous || previous.length !== count) return sortedOrder(values);
  // The rows the old order has out of place, counted first: at the open most are, and insertion
  // ran up to its budget of moves before sorting anyway (one call of 17-28 ms in a profile of the
  // flash-push bench at full size, where an outright sort takes 2-3 ms).
  let outOfPlace = 0;
  for (let at = 1; at < count; at += 1)
    if (
      orderKey(values[previous[at - 1] as number] as number) >
      orderKey(values[previous[at] as number] as number)
    )
      outOfPlace += 1;
  if (outOfPlace * 16 > count) return sortedOrder(values);
  const order = previous.slice();
  // Past four moves a row on average, a sort outright is cheaper.
  const budget = 4 * count;
  let moves = 0;
  for (let at = 1; at < count; at += 1) {
    const row = order[at] as number;
    const key = orderKey(values[row] as number);
    let to = at;
    while (to > 0 && orderKey(values[order[to - 1] as number] as number) > key) {
      order[to] = order[to - 1] as number;
      to -= 1;
    }
    order[to] = row;
    moves += at - to;
    if (moves > budget) return sortedOrder(values);
  }
  return order;
}

/**
 * orderOf outright, a function of its own (the ticks between two opens keep the insertion path
 * hot; this one is compiled apart from it): the known figures sorted as numbers (a typed sort, no
 * comparator), then each row put at the first place of its figure not yet taken; the missing ones
 * after them, in row order.
 */
function sortedOrder(values: Float64Array): Uint32Array {
  const count = values.length;
  const known = new Float64Array(count);
  let total = 0;
  for (const value of values) if (Number.isFinite(value)) known[total++] = value;
  const sorted = known.subarray(0, total).sort();
  const taken = new Uint32Array(total);
  const order = new Uint32Array(count);
  let missing = total;
  for (let row = 0; row < count; row += 1) {
    const value = values[row] as number;
    if (!Number.isFinite(value)) {
      order[missing++] = row;
      continue;
    }
    let low = 0;
    let high = total;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((sorted[middle] as number) < value) low = middle + 1;
      else high = middle;
    }
    order[low + (taken[low] as number)] = row;
    taken[low] = (taken[low] as number) + 1;
  }
  return order;
}

/**
 * RPS (relative price strength): the percentage of the stocks with a figure whose n-day change is at
 * or below this one's, 0–100, one decimal. NaN stays NaN. `order` is orderOf(values), given when the
 * caller keeps it from the last tick.
 */
export function rpsOf(values: Float64Array, order: Uint32Array = orderOf(values)): Float64Array {
  const result = new Float64Array(values.length).fill(Number.NaN);
  // The known figures come first in the order.
  let total = 0;
  while (total < order.length && Number.isFinite(values[order[total] as number])) total += 1;
  // Equal changes share a rank: the count of stocks at or below them, the end of their run.
  let at = 0;
  while (at < total) {
    const value = values[order[at] as number] as number;
    let end = at + 1;
    while (end < total && values[order[end] as number] === value) end += 1;
    const rps = Math.round((end / total) * 1000) / 10;
    for (let place = at; place < end; place += 1) result[order[place] as number] = rps;
    at = end;
  }
  return result;
}

/**
 * A stock's prior figures as a flat row of numbers (null for NaN), for the stored day table: a
 * restart reads them back instead of every stock's bars.
 */
export function encodePrior(prior: PriorFigures | null): (number | null)[] | null {
  if (!prior) return null;
  const values = [
    prior.lastClose,
    ...prior.maSumBefore,
    prior.ma5Before,
    prior.ma10Before,
    ...prior.highBefore,
    ...prior.lowBefore,
    ...prior.factorBefore,
    prior.ema12,
    prior.ema26,
    prior.dea,
    prior.upStreak,
    prior.downStreak,
  ];
  return values.map((value) => (Number.isFinite(value) ? value : null));
}

export function decodePrior(row: readonly (number | null)[] | null): PriorFigures | null {
  if (!row) return null;
  let at = 0;
  const next = () => row[at++] ?? Number.NaN;
  const lastClose = next();
  const maSumBefore = maPeriods.map(next);
  const ma5Before = next();
  const ma10Before = next();
  const highBefore = extremePeriods.map(next);
  const lowBefore = extremePeriods.map(next);
  const factorBefore = returnPeriods.map(next);
  return {
    lastClose,
    maSumBefore,
    ma5Before,
    ma10Before,
    highBefore,
    lowBefore,
    factorBefore,
    ema12: next(),
    ema26: next(),
    dea: next(),
    upStreak: next(),
    downStreak: next(),
  };
}
