/**
 * The demo market's price model (issue 4, Data 2): every trading day of every instrument is a pure
 * function of (seed, code, day, previous close), so the market is identical on every machine, a
 * restart mid-session shows the same quotes, and rolling forward a day later continues the same
 * story.
 *
 * A day's return is market factor × beta + industry factor × loading + the instrument's own noise,
 * with fat tails, clamped to the board's price limit. A stock also reverts slowly to its price
 * anchor (price-anchor.ts), so five years of random returns end near a believable price level
 * instead of wherever the walk wandered (三一重工 at 414). The day's minute path is a random-walk bridge
 * from the open to the close; the daily high and low are that path's extremes, so the intraday chart
 * and the daily bar always agree.
 */
import {
  type BadgeMarket,
  type DayBarRow,
  type DayNumber,
  hkTick,
  limitPrices,
  priceLimitRatio,
  sessionMinutes,
  type TradingMarket,
} from '@zhicai/domain';
import type { DaySession } from '../provider.ts';
import { DayTable } from './day-table.ts';
import { anchorPull, type PriceAnchor } from './price-anchor.ts';
import { dayKeyHash, hashMoreDigits, hashString, mulberry32, mulberry32Step, type Random } from './prng.ts';

export interface PriceProfile {
  code: string;
  market: TradingMarket;
  board: BadgeMarket;
  isSt: boolean;
  /** Key of the industry (or theme) factor the instrument loads on; null for none. */
  industry: string | null;
  beta: number;
  industryLoading: number;
  /** Daily standard deviation of the instrument's own noise. */
  volatility: number;
  /**
   * Typical daily turnover as a fraction of float shares (indices: a notional base volume): the
   * day's volume averages floatShares × turnover, busier on big moves and quieter on calm days.
   */
  turnover: number;
  floatShares: number;
  /** Smallest price step. */
  tick: number;
  /** Whether the instrument can be suspended (stocks only). */
  suspendable: boolean;
  /** First trading day: a new listing trades without a limit at first (price-limit.ts). */
  listingDay?: DayNumber;
  /** The price level a stock reverts to; absent for instruments that walk freely. */
  anchor?: PriceAnchor;
}

/** A day without a minute path (history, suspension): one shared empty array, allocated once. */
const noMinutes = new Float64Array(0);

/**
 * Test hook: a test that needs a path the generator does not draw (a share sliding below 1 yuan, for
 * the face-value rule) sets a day's return for a code here, null leaving the drawn one; the limits
 * and the tick still apply. Nothing in production sets it, so generated values never depend on it.
 * It reaches the walks of this thread only (a walk worker thread has its own module state).
 */
export const priceModelTestHooks: {
  dayReturn: ((code: string, day: DayNumber) => number | null) | null;
} = { dayReturn: null };

/** Deterministic uniform in [0, 1) for a key; the same key always gives the same number. */
export function hashUnit(key: string): number {
  return hashString(key) / 4294967296;
}

/** Standard normal from two uniforms (Box–Muller); used for the few draws per day, not per minute. */
function normal(random: Random): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

// Per seed and factor key, the factor of each day; nested maps avoid building a string per lookup.
const factorCache = new Map<number, Map<string, DayTable>>();

/**
 * The shared daily factor of the whole market (key 'market') or of an industry: one number per
 * key, day and seed, so every member of an industry moves with it on the same day.
 */
export function dailyFactor(seed: number, key: string, day: DayNumber): number {
  return factorOn(factorSeries(seed, key), seed, key, day);
}

/** dailyFactor from its series, found once by a caller that asks for many days. */
function factorOn(series: DayTable, seed: number, key: string, day: DayNumber): number {
  const cached = series.get(day);
  if (cached !== undefined) return cached;
  const random = mulberry32(hashString(`${seed}|${key}|${day}`));
  // The market factor is calmer (≈1.1%/day) than an industry's (≈0.9%/day on top of the market).
  const scale = key === 'market' ? 0.011 : 0.009;
  const value = normal(random) * scale;
  series.set(day, value);
  return value;
}

// The last two series asked for: a stock asks for the market's and its industry's, day after day.
const recentSeries: { seed: number; key: string; series: DayTable }[] = [];

function factorSeries(seed: number, key: string): DayTable {
  for (const recent of recentSeries) if (recent.seed === seed && recent.key === key) return recent.series;
  let byKey = factorCache.get(seed);
  if (!byKey) {
    byKey = new Map();
    factorCache.set(seed, byKey);
  }
  let series = byKey.get(key);
  if (!series) {
    series = new DayTable();
    byKey.set(key, series);
  }
  recentSeries.unshift({ seed, key, series });
  recentSeries.length = Math.min(recentSeries.length, 2);
  return series;
}

/** Rounds to the instrument's price step without binary noise (10.050000000000001 → 10.05). */
export function roundToTick(price: number, tick: number): number {
  // Arithmetic rather than toFixed: this runs for every generated price.
  const scale = tick >= 0.01 ? 100 : 1000;
  return Math.round(Math.round(price / tick) * tick * scale) / scale;
}

/**
 * The draws generateDay makes for one instrument's days: whether it is suspended (rare, independent
 * days, stocks only), its own random stream (key `day`), the market's and its industry's factor. A
 * walk over five years makes one and asks it for every day, so the keys' fixed parts are hashed,
 * the factor series found and the stream allocated once rather than for each of ~9 million bars;
 * every draw is the one the day's own keys give.
 */
export class DayDraws {
  private readonly suspendPrefix: number;
  private readonly dayPrefix: number;
  private readonly marketSeries: DayTable;
  private readonly industrySeries: DayTable | null;
  private state = 0;
  /** The stream of the day last begun: mulberry32 of the day's key. */
  readonly random: Random = () => {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    return mulberry32Step(this.state);
  };

  constructor(
    private readonly profile: PriceProfile,
    private readonly seed: number,
  ) {
    this.suspendPrefix = hashString(`${seed}|suspend|${profile.code}|`);
    this.dayPrefix = hashString(`${seed}|day|${profile.code}|`);
    this.marketSeries = factorSeries(seed, 'market');
    this.industrySeries = profile.industry ? factorSeries(seed, profile.industry) : null;
  }

  suspended(day: DayNumber): boolean {
    return this.profile.suspendable && hashMoreDigits(this.suspendPrefix, day) / 4294967296 < 0.002;
  }

  /** Starts the day's own stream. */
  begin(day: DayNumber): Random {
    this.state = hashMoreDigits(this.dayPrefix, day);
    return this.random;
  }

  marketMove(day: DayNumber): number {
    return factorOn(this.marketSeries, this.seed, 'market', day);
  }

  industryMove(day: DayNumber): number {
    const { industry } = this.profile;
    return this.industrySeries && industry ? factorOn(this.industrySeries, this.seed, industry, day) : 0;
  }
}

/**
 * Generates one trading day from the previous close. `prevClose` is already ex-dividend adjusted
 * when the day is an ex-date.
 */
export function generateDay(
  profile: PriceProfile,
  seed: number,
  day: DayNumber,
  prevClose: number,
  withPath: boolean,
  draws: DayDraws = new DayDraws(profile, seed),
): DaySession {
  if (draws.suspended(day)) {
    return {
      day,
      prevClose,
      suspended: true,
      open: prevClose,
      high: prevClose,
      low: prevClose,
      close: prevClose,
      volume: 0,
      amount: 0,
      prices: noMinutes,
    };
  }
  const random = draws.begin(day);
  const marketMove = draws.marketMove(day);
  const industryMove = draws.industryMove(day);
  // Fat tails: one day in twenty the instrument's own noise is three times wider (news days).
  const shock = random() < 0.05 ? 3 : 1;
  const ownMove = normal(random) * profile.volatility * shock;
  const pull = profile.anchor ? anchorPull(profile.anchor, day, prevClose, profile.floatShares) : 0;
  const drawn = profile.beta * marketMove + profile.industryLoading * industryMove + ownMove + pull;
  const rawReturn = priceModelTestHooks.dayReturn?.(profile.code, day) ?? drawn;

  const tick = profile.market === 'hk' ? hkTick(prevClose) : profile.tick;
  const limits = dayLimits(profile, day, prevClose, tick);
  const close = clampPrice(prevClose * (1 + rawReturn), tick, limits);
  return dayAround({ profile, seed, day, prevClose, move: rawReturn, close, random, tick, limits, withPath });
}

type Limits = { up: number; down: number } | null;

function dayLimits(profile: PriceProfile, day: DayNumber, prevClose: number, tick: number): Limits {
  const ratio = priceLimitRatio(profile.board, profile.isSt, { onDay: day, listingDay: profile.listingDay });
  return ratio === null ? null : limitPrices(prevClose, ratio, tick);
}

/** A price on the tick grid, at least one tick, held to the day's limits. */
function clampPrice(price: number, tick: number, limits: Limits): number {
  const rounded = roundToTick(Math.max(price, tick), tick);
  if (!limits) return rounded;
  return Math.min(limits.up, Math.max(limits.down, rounded));
}

/**
 * The rest of a day once its move and close are known: the open, high, low, volume, amount and
 * (when asked for) the minute path. Draws from `random` in a fixed order (open, spread, high, low,
 * activity), so a day regenerated from the same stream is the same day.
 */
function dayAround(day: {
  profile: PriceProfile;
  seed: number;
  day: DayNumber;
  prevClose: number;
  /** The day's return before rounding and limits: big moves widen the range and the volume. */
  move: number;
  close: number;
  random: Random;
  tick: number;
  limits: Limits;
  withPath: boolean;
}): DaySession {
  const { profile, prevClose, move, close, random, tick, limits } = day;
  const open = clampPrice(
    prevClose * (1 + move * 0.3 + normal(random) * profile.volatility * 0.3),
    tick,
    limits,
  );

  // High and low come from the day's own draws; the minute path (only built when asked for) is then
  // drawn from a separate stream and pinned to touch exactly that high and low, so history needs no
  // minute paths and a regenerated day always matches its stored bar.
  const spread = prevClose * (profile.volatility * 0.5 + Math.abs(move) * 0.2) * (0.4 + random());
  const upper = limits ? limits.up : Number.POSITIVE_INFINITY;
  const lower = limits ? limits.down : tick;
  const high = Math.min(upper, roundToTick(Math.max(open, close) + spread * random() * 0.8, tick));
  const low = Math.max(lower, roundToTick(Math.min(open, close) - spread * random() * 0.8, tick));
  const minutes = sessionMinutes(profile.market);
  const prices = day.withPath
    ? minutePath(profile, day.seed, day.day, minutes.length, { open, close, high, low }, tick)
    : noMinutes;

  // Volume: busier on big moves; amount at the day's typical price. The activity averages about 1
  // over ordinary days (a move is about 1.2 own volatilities on average, market and industry
  // included), so `turnover` is the instrument's typical turnover rate.
  const activity =
    (0.6 + random() * 0.8) * (0.4 + (0.5 * Math.abs(move)) / Math.max(profile.volatility, 0.005));
  const volume = Math.round((profile.floatShares * profile.turnover * activity) / 100) * 100;
  const amount = Math.round(volume * ((open + high + low + close) / 4));
  return { day: day.day, prevClose, suspended: false, open, high, low, close, volume, amount, prices };
}

/**
 * A trading day whose close is given rather than drawn: an instrument that follows something else
 * (an LOF listing follows its fund's NAV) still needs an open, a high, a low, a volume and a minute
 * path. Draws come from their own stream (key `closed-day`), never generateDay's. The close is held
 * to the day's price limits.
 */
export function sessionToClose(
  profile: PriceProfile,
  seed: number,
  day: DayNumber,
  prevClose: number,
  targetClose: number,
  withPath: boolean,
): DaySession {
  const random = mulberry32(dayKeyHash(seed, 'closed-day', profile.code, day));
  const tick = profile.tick;
  const limits = dayLimits(profile, day, prevClose, tick);
  const close = clampPrice(targetClose, tick, limits);
  return dayAround({
    profile,
    seed,
    day,
    prevClose,
    move: close / prevClose - 1,
    close,
    random,
    tick,
    limits,
    withPath,
  });
}

/**
 * A day that follows another instrument's day in proportion (an ETF its index, issue 15 item 3):
 * `base` gives the close, volume and draws of the day; its open, high and low become the leader's
 * times base close ÷ leader close, on this instrument's tick and within its limits, and so does every
 * minute when the leader's minutes are given (the ETF's line is then its index's line, scaled), else
 * the path runs through the scaled bar. The leader's high and low bound its minutes, so the scaled
 * ones bound the scaled minutes too.
 */
export function sessionFollowing(
  profile: PriceProfile,
  seed: number,
  base: DaySession,
  leader: { open: number; high: number; low: number; close: number },
  leaderMinutes: Float64Array | null,
  withPath: boolean,
): DaySession {
  if (base.suspended || leader.close <= 0) return base;
  const tick = profile.tick;
  const limits = dayLimits(profile, base.day, base.prevClose, tick);
  const ratio = base.close / leader.close;
  const scaled = (price: number) => clampPrice(price * ratio, tick, limits);
  const close = base.close;
  const open = scaled(leader.open);
  const high = Math.max(scaled(leader.high), open, close);
  const low = Math.min(scaled(leader.low), open, close);
  const count = sessionMinutes(profile.market).length;
  let prices: Float64Array = noMinutes;
  if (leaderMinutes && leaderMinutes.length === count) {
    prices = new Float64Array(count);
    for (let i = 0; i < count; i += 1)
      prices[i] = Math.min(high, Math.max(low, scaled(leaderMinutes[i] ?? leader.close)));
    prices[count - 1] = close;
  } else if (withPath) prices = minutePath(profile, seed, base.day, count, { open, close, high, low }, tick);
  const amount = Math.round(base.volume * ((open + high + low + close) / 4));
  return { ...base, open, high, low, close, amount, prices };
}

/**
 * A day known only by its bar (an index composed from its members' bars): the bar itself and a
 * minute path from its open to its close that touches its high and low.
 */
export function sessionThroughBar(profile: PriceProfile, seed: number, bar: DayBarRow): DaySession {
  const [day, prevClose, open, high, low, close, volume, amount] = bar;
  const base = prevClose ?? close ?? 0;
  const figures = { open: open ?? base, high: high ?? base, low: low ?? base, close: close ?? base };
  const count = sessionMinutes(profile.market).length;
  return {
    day,
    prevClose: base,
    suspended: close === null,
    ...figures,
    volume: volume ?? 0,
    amount: amount ?? 0,
    prices: close === null ? noMinutes : minutePath(profile, seed, day, count, figures, profile.tick),
  };
}

/**
 * The minute prices of a day: a random-walk bridge from the open to the close, scaled so that its
 * highest point is the day's high and its lowest the day's low.
 */
function minutePath(
  profile: PriceProfile,
  seed: number,
  day: DayNumber,
  count: number,
  bar: { open: number; close: number; high: number; low: number },
  tick: number,
): Float64Array {
  const random = mulberry32(dayKeyHash(seed, 'path', profile.code, day));
  const walk = new Float64Array(count);
  for (let i = 1; i < count; i += 1) walk[i] = (walk[i - 1] ?? 0) + (random() * 2 - 1);
  const last = walk[count - 1] ?? 0;
  const base = (i: number) => bar.open + ((bar.close - bar.open) * i) / (count - 1);
  // The bridge's excursions above and below the open→close line, scaled separately to the room
  // up to the high and down to the low.
  let maxUp = 0;
  let maxDown = 0;
  let argMax = 0;
  let argMin = 0;
  const bridge = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    const value = (walk[i] ?? 0) - (last * i) / (count - 1);
    bridge[i] = value;
    const roomUp = bar.high - base(i);
    const roomDown = base(i) - bar.low;
    if (roomUp > 0 && value / roomUp > maxUp) {
      maxUp = value / roomUp;
      argMax = i;
    }
    if (roomDown > 0 && -value / roomDown > maxDown) {
      maxDown = -value / roomDown;
      argMin = i;
    }
  }
  const prices = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    const value = bridge[i] ?? 0;
    const scaled = value > 0 ? (maxUp > 0 ? value / maxUp : 0) : maxDown > 0 ? value / maxDown : 0;
    prices[i] = roundToTick(Math.min(bar.high, Math.max(bar.low, base(i) + scaled)), tick);
  }
  prices[0] = bar.open;
  prices[count - 1] = bar.close;
  // When the open or close is itself the extreme the bridge never needs to reach it.
  if (bar.high > Math.max(bar.open, bar.close) && argMax > 0 && argMax < count - 1) prices[argMax] = bar.high;
  if (bar.low < Math.min(bar.open, bar.close) && argMin > 0 && argMin < count - 1) prices[argMin] = bar.low;
  return prices;
}

/**
 * The share of a day's volume traded in each minute: the U shape of Chinese sessions (busy open,
 * quiet midday, busier close) with per-minute noise. Sums to 1.
 */
export function minuteVolumeWeights(profile: PriceProfile, seed: number, day: DayNumber): Float64Array {
  const minutes = sessionMinutes(profile.market);
  const random = mulberry32(dayKeyHash(seed, 'volume', profile.code, day));
  const count = minutes.length;
  const weights = new Float64Array(count);
  let total = 0;
  for (let i = 0; i < count; i += 1) {
    const shape = 1 + 2.5 * Math.exp(-i / 15) + 1.2 * Math.exp(-(count - 1 - i) / 15);
    const weight = shape * (0.5 + random());
    weights[i] = weight;
    total += weight;
  }
  for (let i = 0; i < count; i += 1) weights[i] = (weights[i] ?? 0) / total;
  return weights;
}
