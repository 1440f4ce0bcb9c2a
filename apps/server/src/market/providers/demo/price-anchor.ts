/**
 * Where a demo stock's price wants to be. A pure random walk over five years ends anywhere (a
 * 20-yuan stock at 414, a 4-yuan one at 0.60), so each stock carries an anchor: the price level it
 * trades around today (well-known-companies.json for real names, a board-typical draw for generated
 * ones), and a few slow cycles that make its past years rise and fall. Every day the stock's return
 * gets a small pull back towards the anchor, so the history ends near the anchor by construction and
 * the walk keeps its daily character (the pull is a tenth of a typical day's move).
 */
import type { DayNumber } from '@zhicai/domain';
import { DayTable } from './day-table.ts';
import { hashString, mulberry32 } from './prng.ts';

export interface PriceCycle {
  /** Half the swing of the log price, e.g. 0.2 for about ±20%. */
  amplitude: number;
  periodDays: number;
  phase: number;
}

export interface PriceAnchor {
  /** The price level from `anchorFlatFrom` on (yuan, or Hong Kong dollars for Hong Kong stocks). */
  price: number;
  /**
   * The float the price level belongs to: after a bonus issue (10送3) the same company has more
   * shares, so its anchor price falls in proportion and its market value stays where it was.
   */
  floatShares: number;
  cycles: readonly PriceCycle[];
}

/**
 * From this day the anchor is flat at its price; before it the cycles move it. Today's prices (and
 * every day the demo rolls forward to) therefore sit near the anchor whenever the market is generated.
 */
export const anchorFlatFrom: DayNumber = 20260101;

/**
 * Share of the gap (in log price) closed per day: a half-life of about 60 trading days, which keeps
 * a stock within about ±15% (one standard deviation) of its anchor path.
 */
const reversionPerDay = 0.012;

/** The largest pull of one day (a fraction), whatever the gap. */
const maxPullPerDay = 0.01;

const dayMs = 86_400_000;

// Every stock asks for the same few thousand days, so each is converted once.
const epochDays = new DayTable();

function epochDay(day: DayNumber): number {
  let value = epochDays.get(day);
  if (value === undefined) {
    value = Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100) / dayMs;
    epochDays.set(day, value);
  }
  return value;
}

const flatEpochDay = epochDay(anchorFlatFrom);

/** The anchor's price level on a day, before any bonus-share adjustment. */
export function anchorPrice(anchor: PriceAnchor, day: DayNumber): number {
  const daysBefore = flatEpochDay - epochDay(day);
  if (daysBefore <= 0) return anchor.price;
  let logOffset = 0;
  for (const cycle of anchor.cycles) {
    // Zero at anchorFlatFrom, so the path joins the flat level without a jump.
    const angle = (2 * Math.PI * daysBefore) / cycle.periodDays;
    logOffset += cycle.amplitude * (Math.sin(cycle.phase + angle) - Math.sin(cycle.phase));
  }
  return anchor.price * Math.exp(logOffset);
}

/** The return that closes part of the gap between yesterday's close and the anchor (a fraction). */
export function anchorPull(
  anchor: PriceAnchor,
  day: DayNumber,
  prevClose: number,
  floatShares: number,
): number {
  const target = (anchorPrice(anchor, day) * anchor.floatShares) / Math.max(floatShares, 1);
  const pull = -reversionPerDay * Math.log(prevClose / target);
  // A market stored before stocks had anchors (三一重工 at 414 against 20) rolls forward at most 1% a
  // day towards it, so it drifts back over months instead of sliding down every day at a few percent.
  return Math.min(maxPullPerDay, Math.max(-maxPullPerDay, pull));
}

/**
 * A stock's anchor: its price level and two cycles drawn from a hash of the seed and code, a slow one
 * (a four-to-seven-year boom and bust) and a shorter one (one to two years).
 */
export function priceAnchor(seed: number, code: string, price: number, floatShares: number): PriceAnchor {
  const random = mulberry32(hashString(`${seed}|anchor|${code}`));
  const cycle = (minAmplitude: number, maxAmplitude: number, minYears: number, maxYears: number) => ({
    amplitude: minAmplitude + random() * (maxAmplitude - minAmplitude),
    periodDays: 365 * (minYears + random() * (maxYears - minYears)),
    phase: random() * 2 * Math.PI,
  });
  return { price, floatShares, cycles: [cycle(0.1, 0.35, 4, 7), cycle(0.03, 0.1, 1, 2)] };
}
