/**
 * Indices and ETFs of the demo market from their members (issue 15 items 1 and 3): index bars are
 * composed from the members' bars (index-composition.ts), the chain started so that the latest close
 * sits at the index's real level; an ETF's NAV is its index level times a fixed scale with a small
 * tracking error, and its price trades around the NAV with a small premium, as LOF listings do.
 */
import type { DayBarRow, DayNumber } from '@zhicai/domain';
import { figuresOf, IndexDaySums, type MemberFigures } from '../../index-composition.ts';
import type { DaySession } from '../provider.ts';
import { startPrice } from './demo-profiles.ts';
import { barRow, packedWidth } from './demo-series.ts';
import type { DemoInstrument } from './instrument-catalogue.ts';
import { hashUnit, type PriceProfile, roundToTick, sessionFollowing, sessionToClose } from './price-model.ts';
import { dayKeyHash } from './prng.ts';

/** Where each index's latest close sits, near its real level, so the order between them is right. */
const targetLevels: Readonly<Record<string, number>> = {
  '000001.SH': 3900,
  '399001.SZ': 12500,
  '399006.SZ': 2700,
  '399673.SZ': 5600,
  '000300.SH': 4500,
  '000016.SH': 2900,
  '000905.SH': 7000,
  '000852.SH': 7300,
  '000903.SH': 4300,
  '930050.CSI': 1500,
  '399005.SZ': 7800,
  '000688.SH': 1300,
  '899050.BJ': 1400,
  '399997.SZ': 22000,
  '884039.WI': 17000,
  'HSI.HI': 25000,
  'HSCEI.HI': 8900,
  'HSTECH.HI': 5500,
  // The broad families of the full universe, at their late-2025 scale.
  '000010.SH': 10300,
  '000009.SH': 6500,
  '000015.SH': 3300,
  '000906.SH': 4900,
  '000510.SH': 5600,
  '932000.CSI': 3100,
  '000985.CSI': 6700,
  '000698.SH': 1600,
  '000680.SH': 1700,
  '399330.SZ': 5900,
  '399106.SZ': 2500,
  '399102.SZ': 3800,
  '399303.SZ': 10000,
  '399324.SZ': 6800,
  '930955.CSI': 4700,
  'HSHCI.HI': 4000,
};

/** The index's level at the end of its generated history: its real scale (SW indices a few thousand). */
export function targetLevel(seed: number, index: DemoInstrument): number {
  return targetLevels[index.code] ?? startPrice(seed, index);
}

/**
 * An index member as the demo composes it: its quantity and its bars (ascending days) packed by
 * packBars. The full market composes ~100 indices from ~8,000 members' five years: as arrays of
 * numbers those bars would take gigabytes of heap, packed they take a tenth of it.
 */
export interface ComposedMember {
  quantity: number;
  bars: Float64Array;
  /**
   * The days the member counts with this quantity, [from, until): one review's period (index
   * rebalancing). Without them it counts on every day it has a bar.
   */
  from?: DayNumber;
  until?: DayNumber;
}

/** Bars packed into one array, packedWidth numbers a day, NaN where the row has null. */
export function packBars(rows: readonly DayBarRow[]): Float64Array {
  const packed = new Float64Array(rows.length * packedWidth);
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i] as readonly (number | null)[];
    for (let k = 0; k < packedWidth; k += 1) packed[i * packedWidth + k] = row[k] ?? Number.NaN;
  }
  return packed;
}

/** The close that carries into the next day (a suspended day keeps its prevClose); null without bars. */
export function lastPackedClose(packed: Float64Array): number | null {
  if (packed.length === 0) return null;
  const at = packed.length - packedWidth;
  return unpacked(packed[at + 5]) ?? unpacked(packed[at + 1]) ?? 1;
}

/**
 * The close of the last packed bar on or before `day` (a suspended day keeps its prevClose); null
 * when the bars start after it (not yet listed).
 */
export function packedCloseOn(packed: Float64Array, day: DayNumber): number | null {
  let low = 0;
  let high = packed.length / packedWidth - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((packed[mid * packedWidth] ?? 0) <= day) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  if (found < 0) return null;
  const at = found * packedWidth;
  return unpacked(packed[at + 5]) ?? unpacked(packed[at + 1]);
}

/** The index of the first packed bar in the year of the last one. */
export function firstRowOfLastYear(packed: Float64Array): number {
  const rows = packed.length / packedWidth;
  if (rows === 0) return 0;
  const year = Math.floor((packed[(rows - 1) * packedWidth] ?? 0) / 10000);
  let first = rows - 1;
  while (first > 0 && Math.floor((packed[(first - 1) * packedWidth] ?? 0) / 10000) === year) first -= 1;
  return first;
}

/** A packed figure back as the row had it: NaN was null. */
function unpacked(value: number | undefined): number | null {
  return value === undefined || Number.isNaN(value) ? null : value;
}

export function memberFigures(quantity: number, row: DayBarRow): MemberFigures {
  const [, prevClose, open, high, low, close, volume, amount] = row;
  const base = prevClose ?? close ?? 0;
  return { quantity, prevClose: base, open, high, low, close, volume: volume ?? 0, amount: amount ?? 0 };
}

/**
 * Each day's sums over the members' bars of that day (IndexDaySums.totals). A member without a bar
 * that day (listed later), or outside its review period, is left out of it. Members are added one after the other, each over all
 * its days (IndexDaySums says why), in the order given.
 */
function daySums(members: readonly ComposedMember[], days: readonly DayNumber[]): (readonly number[])[] {
  const sums = new IndexDaySums(days.length);
  for (const member of members) {
    const bars = member.bars;
    const from = member.from ?? 0;
    const until = member.until ?? Number.POSITIVE_INFINITY;
    // A member of every review of five years is added once per review: each period starts at its
    // own first day rather than scanning the bars and days before it again.
    let d = firstAtOrAfter(days, 1, from);
    for (
      let at = firstAtOrAfter(bars, packedWidth, from) * packedWidth;
      at < bars.length;
      at += packedWidth
    ) {
      const day = bars[at] ?? 0;
      if (day < from) continue;
      if (day >= until) break;
      while (d < days.length && (days[d] ?? 0) < day) d += 1;
      if (d >= days.length) break;
      if (days[d] !== day) continue;
      sums.addPacked(d, member.quantity, bars, at);
    }
  }
  return days.map((_, d) => sums.totals(d));
}

/** The position of the first of `values` (ascending, one every `stride` numbers) that is ≥ `value`. */
function firstAtOrAfter(values: ArrayLike<number>, stride: number, value: number): number {
  let low = 0;
  let high = Math.floor(values.length / stride);
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((values[middle * stride] ?? 0) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The chain of bars from `prevClose` over each day's sums: each close is the next day's prevClose. */
function chainBars(
  prevClose: number,
  days: readonly DayNumber[],
  sums: readonly (readonly number[])[],
): DayBarRow[] {
  const rows: DayBarRow[] = [];
  let level = prevClose;
  days.forEach((day, i) => {
    const bar = figuresOf(level, sums[i] ?? []);
    rows.push([day, bar.prevClose, bar.open, bar.high, bar.low, bar.close, bar.volume, bar.amount]);
    level = bar.close;
  });
  return rows;
}

/** The index's bars on `days` from `prevClose`, each composed from the members' bars of that day. */
export function composeBars(
  prevClose: number,
  members: readonly ComposedMember[],
  days: readonly DayNumber[],
): DayBarRow[] {
  return chainBars(prevClose, days, daySums(members, days));
}

/**
 * A whole history: the chain is first run from 1000 to find how far the members carried it, then
 * started again from the level that ends at the target, so the stored closes chain exactly (each
 * day's prevClose is the close before it) and the latest close is the index's real level. The
 * members are summed once; only the chain runs twice.
 */
export function composeHistory(
  target: number,
  members: readonly ComposedMember[],
  days: readonly DayNumber[],
): DayBarRow[] {
  const sums = daySums(members, days);
  const trial = chainBars(1000, days, sums);
  const growth = (trial.at(-1)?.[5] ?? 1000) / 1000;
  const start = Math.max(1, Math.round((target / growth) * 100) / 100);
  return chainBars(start, days, sums);
}

/**
 * The fixed scale from an index level to its ETF's NAV: the power of ten that puts the NAV between
 * 1 and 10 yuan at the index's real level (沪深300 4,500 → 510300 at 4.5), as most real ETFs are.
 */
export function etfScale(indexLevel: number): number {
  return 10 ** -Math.floor(Math.log10(Math.max(indexLevel, 1)));
}

/** An ETF's tracking error on a day: within ±0.1% of its index, a pure function of the day. */
function trackingError(seed: number, code: string, day: DayNumber): number {
  return (dayKeyHash(seed, 'etf-tracking', code, day) / 4294967296 - 0.5) * 0.002;
}

/** An ETF's NAV on a day from its index's close of that day (4 decimals, as NAVs are published). */
export function etfNav(
  seed: number,
  code: string,
  day: DayNumber,
  scale: number,
  indexClose: number,
): number {
  return Math.round(indexClose * scale * (1 + trackingError(seed, code, day)) * 10_000) / 10_000;
}

/**
 * An ETF's premium over its NAV on a day: within ±0.2%, centred on zero (creation and redemption in
 * kind keep an ETF's price at its NAV within a few tenths of a percent, and a gap does not last).
 * Two draws per day, a pure function of the day.
 */
export function etfPremium(seed: number, code: string, day: DayNumber): number {
  const key = `${seed}|etf-premium|${code}|${day}`;
  return (hashUnit(key) + hashUnit(`${key}|2`) - 1) * 0.002;
}

/** An index's day as an ETF follows it: its bar, and its minute levels when known (a live day). */
export interface LeaderDay {
  bar: { open: number; high: number; low: number; close: number };
  minutes: Float64Array | null;
}

/**
 * One ETF day from its previous close and its NAV of the day. On a day its index trades, the ETF's
 * open, high, low and minutes are the index's scaled to the ETF's close (sessionFollowing), so the
 * ETF's intraday line, IOPV and premium agree with the index's line; otherwise (a Hong Kong index on
 * a day Hong Kong is closed) the day is drawn around the NAV.
 */
export function etfSession(
  seed: number,
  profile: PriceProfile,
  day: DayNumber,
  prevClose: number,
  nav: number,
  withPath: boolean,
  leader: LeaderDay | null = null,
): DaySession {
  const target = roundToTick(nav * (1 + etfPremium(seed, profile.code, day)), 0.001);
  const base = sessionToClose(profile, seed, day, prevClose, target, withPath && leader === null);
  return leader ? sessionFollowing(profile, seed, base, leader.bar, leader.minutes, withPath) : base;
}

/**
 * The index row an ETF's day uses: the row of that day, or of the index's latest day before it (a
 * Hong Kong index on a mainland day that Hong Kong is closed).
 */
export function rowOnOrBefore(rows: readonly DayBarRow[], day: DayNumber): DayBarRow | null {
  let low = 0;
  let high = rows.length - 1;
  let found: DayBarRow | null = null;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const row = rows[mid];
    if (!row) break;
    if (row[0] <= day) {
      found = row;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** An ETF's bars on `days`, continuing from `prevClose`, its NAV following the index's closes. */
export function etfBars(
  seed: number,
  profile: PriceProfile,
  scale: number,
  indexRows: readonly DayBarRow[],
  days: readonly DayNumber[],
  prevClose: number,
): DayBarRow[] {
  const rows: DayBarRow[] = [];
  let close = prevClose;
  for (const day of days) {
    const indexRow = rowOnOrBefore(indexRows, day);
    const indexClose = indexRow ? (indexRow[5] ?? indexRow[1]) : null;
    if (indexClose === null) continue;
    const session = etfSession(
      seed,
      profile,
      day,
      close,
      etfNav(seed, profile.code, day, scale, indexClose),
      false,
      indexRow ? leaderOf(indexRow, day) : null,
    );
    rows.push(barRow(session));
    close = session.close;
  }
  return rows;
}

/** The index's bar as an ETF follows it on `day`: only a bar of that very day that traded. */
export function leaderOf(row: DayBarRow, day: DayNumber): LeaderDay | null {
  const [rowDay, , open, high, low, close] = row;
  if (rowDay !== day || open === null || high === null || low === null || close === null) return null;
  return { bar: { open, high, low, close }, minutes: null };
}
