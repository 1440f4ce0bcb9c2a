/**
 * How the fields of a generated instrument are drawn: unique names and codes, share counts, prices,
 * listing dates, SW levels, pinyin and LOF exchange listings. Shared by the compact catalogue and the
 * full universe's extension (instrument-catalogue.ts, catalogue-extension.ts); every function is
 * pure and takes its randomness as an argument or from a hash of the code.
 */
import type { BadgeMarket } from '@zhicai/domain';
import type { DemoInstrument } from './demo-instrument.ts';
import { toPinyin } from './pinyin.ts';
import { hashString, mulberry32, type Random, randomInt } from './prng.ts';
import { classifySwIndustry } from './sw-industry-tree.ts';

export interface BoardPlan {
  prefixes: readonly string[];
  exchange: 'SH' | 'SZ' | 'BJ';
  board: BadgeMarket;
  /** How many generated stocks this plan contributes. */
  count: number;
  /** The day the board (or code range) started listing. */
  firstListing: string;
  /**
   * Median total market value (yuan) of a generated company on this board or code range: the big
   * state-owned groups of 601 highest, the Beijing exchange lowest (sizes of late 2025).
   */
  medianCap: number;
  /** Median share price (yuan): STAR and ChiNext companies trade dearer than the main board. */
  medianPrice: number;
}

/**
 * The exchange code of an LOF: the fund number on the exchange it lists on, 16xxxx in Shenzhen and
 * 50xxxx in Shanghai (the web's listedCode makes the same mapping).
 */
export function lofListingCode(fundCode: string): string {
  const digits = fundCode.slice(0, fundCode.indexOf('.'));
  return `${digits}.${digits.startsWith('5') ? 'SH' : 'SZ'}`;
}

/**
 * The exchange listing of an LOF: the same fund and name, typed as an on-exchange fund (it trades in
 * 0.001 yuan steps with bars and ticks like an ETF) but badged LOF, whose ±10% limit it keeps. Only
 * part of the fund's units sit on the exchange; the share comes from a hash of the code, so it is
 * independent of the catalogue's stream and, for real LOFs, of the seed.
 */
export function lofListing(fund: DemoInstrument): DemoInstrument {
  const random = mulberry32(hashString(`lof-listing|${fund.code}`));
  const units = roundShares((fund.totalShares ?? 1e8) * (0.1 + random() * 0.4));
  return {
    code: lofListingCode(fund.code),
    name: fund.name,
    type: 'fund_onside',
    board: 'lof',
    industry: null,
    swLevel2: null,
    swLevel3: null,
    listingDate: fund.listingDate,
    totalShares: units,
    floatShares: units,
    referencePrice: null,
    pinyinInitials: fund.pinyinInitials,
    pinyin: fund.pinyin,
    generated: fund.generated,
    listingOf: fund.code,
    ...(fund.tracks ? { tracks: fund.tracks } : {}),
    core: fund.core,
  };
}

export type UnclassifiedInstrument = Omit<DemoInstrument, 'swLevel2' | 'swLevel3' | 'core'>;

/**
 * An A-share's SW levels 2 and 3, from a hash of its code (sw-industry-tree.ts): no draw of the
 * catalogue's own stream, so adding them left every other generated field as it was.
 */
export function withSwLevels(instrument: UnclassifiedInstrument, core: boolean): DemoInstrument {
  const classification =
    instrument.type === 'capital' && instrument.industry
      ? classifySwIndustry(instrument.code, instrument.industry)
      : null;
  // The fields are added to the fresh object rather than copied into a new one: the full universe
  // classifies 20,000 instruments. The key order is the same as a spread's.
  return Object.assign(instrument, {
    swLevel2: classification?.level2 ?? null,
    swLevel3: classification?.level3 ?? null,
    core,
  });
}

// Shanghai opened its 58xxxx range with the STAR 50 ETFs in 2020 and its 56xxxx range in 2021; the
// older 51xxxx and Shenzhen 159xxx ranges get dates from the 2012 ETF boom on.
export function etfFirstListing(code: string): string {
  if (code.startsWith('58')) return '2020-09-28';
  if (code.startsWith('56')) return '2021-06-01';
  return '2012-05-28';
}

export function toPinyinFields(name: string): { pinyinInitials: string; pinyin: string } {
  const converted = toPinyin(name);
  return { pinyinInitials: converted.initials, pinyin: converted.full };
}

// Generation retries on a clash; the spaces are far larger than the catalogue, so a bound this
// generous only trips on a programming error.
const maxAttempts = 10_000;

export function uniqueName(used: Set<string>, make: () => string): string {
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const name = make();
    if (!used.has(name)) return name;
  }
  throw new Error('ran out of generated names');
}

export function uniqueCode(used: Set<string>, make: () => string): string {
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const code = make();
    if (!used.has(code)) return code;
  }
  throw new Error('ran out of generated codes');
}

/** Log-uniform so small caps outnumber giants, as on the real market. */
export function randomLogUniform(random: Random, min: number, max: number): number {
  return Math.exp(Math.log(min) + random() * (Math.log(max) - Math.log(min)));
}

// Share counts are whole lots of 10,000 shares, which keeps 万/亿 displays tidy.
export function roundShares(shares: number): number {
  return Math.max(1, Math.round(shares / 10_000)) * 10_000;
}

/** Standard normal, held to [min, max] so no draw makes a freak company. */
export function clampedNormal(random: Random, min: number, max: number): number {
  const u = Math.max(random(), 1e-12);
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  return Math.min(max, Math.max(min, z));
}

/**
 * Generated companies never outgrow the real giants (茅台, the big banks, 宁德时代 are worth 1–2
 * 万亿): a cap ranking is led by the names users know.
 */
export const largestGeneratedCap = 3e11;

/**
 * Shares, float and price level of a generated A-share, from a stream of its own (seed and code).
 * Market values are log-normal around the board's median (most companies 30–300亿, a few 千亿 on the
 * main board, the growth boards and Beijing smaller); prices log-normal around the board's median
 * price and a little dearer for bigger companies, never below 2.5 yuan. Companies listed five years
 * or more have nearly all their shares in float; younger ones still have shares locked up.
 */
export function generatedStockSize(
  seed: number,
  code: string,
  plan: BoardPlan,
  listingDate: string,
): { totalShares: number; floatShares: number; referencePrice: number } {
  const random = mulberry32(hashString(`${seed}|size|${code}`));
  const sizeZ = clampedNormal(random, -2.2, 3);
  const cap = Math.min(largestGeneratedCap, plan.medianCap * Math.exp(0.95 * sizeZ));
  const priceZ = clampedNormal(random, -2.5, 2.5);
  const price = Math.min(400, Math.max(2.5, plan.medianPrice * Math.exp(0.6 * priceZ + 0.15 * sizeZ)));
  const totalShares = roundShares(Math.min(1e11, Math.max(2e7, cap / price)));
  const seasoned = listingDate < '2020-01-01';
  const floatShare = seasoned ? (random() < 0.5 ? 1 : 0.8 + random() * 0.2) : 0.3 + random() * 0.6;
  return {
    totalShares,
    floatShares: Math.min(totalShares, roundShares(totalShares * floatShare)),
    referencePrice: Number((cap / totalShares).toFixed(2)),
  };
}

/** A generated Hong Kong stock's price level (HK$): many trade at a few dollars, some below one. */
export function generatedHkPrice(seed: number, code: string): number {
  const random = mulberry32(hashString(`${seed}|size|${code}`));
  return Number(Math.min(300, Math.max(0.3, 5 * Math.exp(clampedNormal(random, -2.5, 2.5)))).toFixed(2));
}

const dayMs = 86_400_000;

// Day numbers (days since 1970-01-01) of the dates generation uses, parsed once: the full universe
// draws some 20,000 dates, and parsing and formatting through Date dominated its time.
const parsedDays = new Map<string, number>();

function dayNumber(date: string): number {
  let day = parsedDays.get(date);
  if (day === undefined) {
    day = Math.round(Date.parse(`${date}T00:00:00Z`) / dayMs);
    parsedDays.set(date, day);
  }
  return day;
}

/** YYYY-MM-DD of a day number (the proleptic Gregorian civil-from-days conversion). */
function isoDate(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const dayOfMonth = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;
}

/** A weekday between two dates (inclusive), as YYYY-MM-DD; listings never happen at weekends. */
export function randomDate(random: Random, from: string, to: string): string {
  const start = dayNumber(from);
  const end = dayNumber(to);
  let day = start + randomInt(random, 0, Math.max(0, end - start));
  // Step back to Friday from a weekend, but never before the first allowed day (1970-01-01 was a
  // Thursday).
  const weekday = (((day + 4) % 7) + 7) % 7;
  if (weekday === 6 && day - 1 >= start) day -= 1;
  else if (weekday === 0 && day - 2 >= start) day -= 2;
  // A range that opens at a weekend (a fund year from 2 January) moves on to the Monday instead.
  else if (weekday === 6 && day + 2 <= end) day += 2;
  else if (weekday === 0 && day + 1 <= end) day += 1;
  return isoDate(day);
}
