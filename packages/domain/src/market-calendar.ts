/**
 * Trading calendars and the session clock of the mainland (SSE/SZSE/BSE share one calendar) and Hong
 * Kong markets. All wall-clock reasoning is Beijing time: Asia/Shanghai and Hong Kong are both UTC+8
 * all year without daylight saving, so fixed-offset arithmetic is exact and needs no time-zone database.
 */

/** The two calendars we know: mainland A-shares and HKEX. */
export type TradingMarket = 'cn' | 'hk';
/** 'YYYYMMDD' number, e.g. 20261120 */
export type DayNumber = number;

const minuteMs = 60 * 1000;
const dayMs = 24 * 60 * minuteMs;
/** Asia/Shanghai (and Hong Kong) is UTC+8 all year. */
const beijingOffsetMs = 8 * 60 * minuteMs;

/*
 * Exchange closures on weekdays, one string per year of 'MMDD' tokens; 'MMDD-MMDD' is an inclusive
 * run of calendar days (weekends inside a run are closed anyway). Weekend make-up workdays (调休) are
 * deliberately absent: the exchanges never open on a Saturday or Sunday, even when offices do.
 * Outside the years listed only weekends are known to be closed.
 */
const cnClosures: Readonly<Record<number, string>> = {
  // New Year, Spring Festival, Qingming, Labour Day, Dragon Boat, Mid-Autumn, National Day.
  2019: '0101 0204-0208 0405 0501-0503 0607 0913 1001-1004 1007',
  // The 2020 Spring Festival closure was extended to 31 January because of COVID-19.
  2020: '0101 0124-0131 0406 0501-0505 0625-0626 1001-1008',
  2021: '0101 0211-0217 0405 0503-0505 0614 0920-0921 1001-1007',
  2022: '0103 0131-0204 0404-0405 0502-0504 0603 0912 1003-1007',
  2023: '0102 0123-0127 0405 0501-0503 0622-0623 0929 1002-1006',
  // The exchanges also closed on Spring Festival eve (9 February), which was an office workday.
  2024: '0101 0209-0216 0404-0405 0501-0503 0610 0916-0917 1001-1007',
  2025: '0101 0128-0204 0404 0501-0505 0602 1001-1008',
  2026: '0101-0102 0216-0223 0406 0501-0505 0619 0925 1001-1007',
  // Estimate: the State Council had not published the 2027 schedule when this was written. Dates
  // follow the lunar calendar (Spring Festival 6 February, Dragon Boat 9 June, Mid-Autumn 15 September)
  // and recent patterns; replace with the official notice when it appears.
  2027: '0101 0205-0212 0405 0503-0505 0609 0915 1001-1007',
};

/*
 * HKEX full-day closures (general holidays on weekdays, including the Monday or Tuesday substitutes for
 * holidays falling on a Sunday; Saturday holidays have no substitute). The half-day sessions on the eves
 * of Christmas, New Year and Lunar New Year still trade, so they are trading days here; typhoon and
 * black-rainstorm closures are unpredictable and not modelled.
 */
const hkClosures: Readonly<Record<number, string>> = {
  // New Year, Lunar New Year, Ching Ming, Good Friday, Easter Monday, Labour Day, Buddha's Birthday,
  // Tuen Ng, HKSAR Establishment Day, day after Mid-Autumn, National Day, Chung Yeung, Christmas.
  2019: '0101 0205-0207 0405 0419 0422 0501 0513 0607 0701 1001 1007 1225-1226',
  2020: '0101 0127-0128 0410 0413 0430 0501 0625 0701 1001-1002 1026 1225',
  2021: '0101 0212 0215 0402 0405-0406 0519 0614 0701 0922 1001 1014 1227',
  2022: '0201-0203 0405 0415 0418 0502 0509 0603 0701 0912 1004 1226-1227',
  2023: '0102 0123-0125 0405 0407 0410 0501 0526 0622 1002 1023 1225-1226',
  2024: '0101 0212-0213 0329 0401 0404 0501 0515 0610 0701 0918 1001 1011 1225-1226',
  2025: '0101 0129-0131 0404 0418 0421 0501 0505 0701 1001 1007 1029 1225-1226',
  // Ching Ming (5 April) fell on Easter Sunday, so its substitute moved past Easter Monday to 7 April.
  2026: '0101 0217-0219 0403 0406-0407 0501 0525 0619 0701 1001 1019 1225',
  // Estimate from the lunar and Easter calendars before the government gazette for 2027.
  2027: '0101 0208-0209 0326 0329 0405 0513 0609 0701 0916 1001 1008 1227',
};

function dayFromParts(year: number, month: number, day: number): DayNumber {
  return year * 10000 + month * 100 + day;
}

/** UTC midnight of a day number, or NaN when it is not a real calendar date (20240230). */
function dayToUtcMs(day: DayNumber): number {
  if (!Number.isInteger(day)) return Number.NaN;
  const year = Math.floor(day / 10000);
  const month = Math.floor(day / 100) % 100;
  const date = day % 100;
  const ms = Date.UTC(year, month - 1, date);
  const check = new Date(ms);
  // Date.UTC rolls 0230 over to March; a round trip that changes a field means the input was wrong.
  const real =
    check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === date;
  return real ? ms : Number.NaN;
}

function utcMsToDay(ms: number): DayNumber {
  const date = new Date(ms);
  return dayFromParts(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

function requireDayMs(day: DayNumber): number {
  const ms = dayToUtcMs(day);
  if (Number.isNaN(ms)) throw new RangeError(`not a calendar day: ${day}`);
  return ms;
}

function expandClosures(table: Readonly<Record<number, string>>): ReadonlySet<DayNumber> {
  const days = new Set<DayNumber>();
  for (const [yearText, tokens] of Object.entries(table)) {
    const year = Number(yearText);
    for (const token of tokens.split(' ')) {
      const [first = '', last = first] = token.split('-');
      const fromMs = requireDayMs(year * 10000 + Number(first));
      const toMs = requireDayMs(year * 10000 + Number(last));
      for (let ms = fromMs; ms <= toMs; ms += dayMs) days.add(utcMsToDay(ms));
    }
  }
  return days;
}

const closures: Readonly<Record<TradingMarket, ReadonlySet<DayNumber>>> = {
  cn: expandClosures(cnClosures),
  hk: expandClosures(hkClosures),
};

function isTradingDayMs(market: TradingMarket, ms: number): boolean {
  const weekday = new Date(ms).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !closures[market].has(utcMsToDay(ms));
}

function instantMs(at: Date | number): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('invalid instant');
  return ms;
}

/** The Beijing calendar day of an instant. Throws RangeError for an invalid date. */
export function beijingDay(at: Date | number): DayNumber {
  return utcMsToDay(instantMs(at) + beijingOffsetMs);
}

/**
 * Whether the exchange is open on a day: not a Saturday or Sunday and not an exchange holiday.
 * A number that is not a real date is not a trading day.
 */
export function isTradingDay(market: TradingMarket, day: DayNumber): boolean {
  const ms = dayToUtcMs(day);
  return !Number.isNaN(ms) && isTradingDayMs(market, ms);
}

/** Every trading day from `from` to `to`, both inclusive, ascending; empty when `from` is after `to`. */
export function tradingDaysBetween(market: TradingMarket, from: DayNumber, to: DayNumber): DayNumber[] {
  const fromMs = requireDayMs(from);
  const toMs = requireDayMs(to);
  const days: DayNumber[] = [];
  for (let ms = fromMs; ms <= toMs; ms += dayMs) if (isTradingDayMs(market, ms)) days.push(utcMsToDay(ms));
  return days;
}

function stepToTradingDay(market: TradingMarket, day: DayNumber, step: 1 | -1): DayNumber {
  let ms = requireDayMs(day) + step * dayMs;
  // Closures never run longer than two weeks, so this loop ends quickly.
  while (!isTradingDayMs(market, ms)) ms += step * dayMs;
  return utcMsToDay(ms);
}

/** The last trading day strictly before `day`. */
export function previousTradingDay(market: TradingMarket, day: DayNumber): DayNumber {
  return stepToTradingDay(market, day, -1);
}

/** The first trading day strictly after `day`. */
export function nextTradingDay(market: TradingMarket, day: DayNumber): DayNumber {
  return stepToTradingDay(market, day, 1);
}

/** The day `days` calendar days after `day` (negative goes back), across months and years. */
export function addCalendarDays(day: DayNumber, days: number): DayNumber {
  return utcMsToDay(requireDayMs(day) + Math.trunc(days) * dayMs);
}

interface SessionHours {
  /** Minutes after midnight, Beijing time. */
  preopen: number;
  open: number;
  lunchStart: number;
  lunchEnd: number;
  close: number;
}

// Mainland: call auction 9:15–9:25 (order entry until 9:30), continuous 9:30–11:30 and 13:00–15:00
// (the closing call auction 14:57–15:00 is part of the afternoon). HKEX: pre-opening session 9:00–9:30,
// continuous 9:30–12:00 and 13:00–16:00; the closing auction after 16:00 is shown as after close.
const sessionHours: Readonly<Record<TradingMarket, SessionHours>> = {
  cn: {
    preopen: 9 * 60 + 15,
    open: 9 * 60 + 30,
    lunchStart: 11 * 60 + 30,
    lunchEnd: 13 * 60,
    close: 15 * 60,
  },
  hk: { preopen: 9 * 60, open: 9 * 60 + 30, lunchStart: 12 * 60, lunchEnd: 13 * 60, close: 16 * 60 },
};

function hhmm(minuteOfDay: number): number {
  return Math.floor(minuteOfDay / 60) * 100 + (minuteOfDay % 60);
}

function buildSessionMinutes(hours: SessionHours): readonly number[] {
  const labels: number[] = [];
  // The morning includes its opening label (9:30, the opening auction print) and its end label; the
  // afternoon has no 1300 label because quote feeds fold the 13:00 minute into the 13:01 bar.
  for (let minute = hours.open; minute <= hours.lunchStart; minute += 1) labels.push(hhmm(minute));
  for (let minute = hours.lunchEnd + 1; minute <= hours.close; minute += 1) labels.push(hhmm(minute));
  return Object.freeze(labels);
}

const sessionMinuteLabels: Readonly<Record<TradingMarket, readonly number[]>> = {
  cn: buildSessionMinutes(sessionHours.cn),
  hk: buildSessionMinutes(sessionHours.hk),
};

/** Minute labels hhmm of one session. cn: 930,931,…,1130,1301,…,1500 (241 points). hk: 930…1200,1301…1600 (331 points). */
export function sessionMinutes(market: TradingMarket): readonly number[] {
  return sessionMinuteLabels[market];
}

export type MarketPhase = 'closed' | 'preopen' | 'trading' | 'lunch' | 'afterclose';

export interface MarketClock {
  phase: MarketPhase;
  /** the trading day whose data is current: today if it is a trading day and the session has started (>= 9:15 cn / 9:00 hk), else the previous trading day */
  tradingDay: DayNumber;
  /** hhmm of the latest minute bar that is current (null before the open); after close = last minute */
  minute: number | null;
}

/**
 * The session phase at an instant, judged on Beijing wall-clock time. Every phase starts on its
 * boundary minute and ends just before the next (9:30:00 is trading, 11:30:00 is lunch, 15:00:00 is
 * after close). While trading, `minute` is the label of the minute in progress (10:05:20 → 1005), with
 * the first afternoon minute labelled 1301 since 1300 is not a label; at lunch it is the morning's last
 * label and after the close the session's last. When the phase is closed the current data is the whole
 * previous trading day, so `minute` is that session's last label; only the pre-open has no minute.
 */
export function marketClock(market: TradingMarket, at: Date | number): MarketClock {
  const beijingMs = instantMs(at) + beijingOffsetMs;
  const msOfDay = ((beijingMs % dayMs) + dayMs) % dayMs;
  const today = utcMsToDay(beijingMs);
  const minuteOfDay = Math.floor(msOfDay / minuteMs);
  const hours = sessionHours[market];
  const lastLabel = hhmm(hours.close);
  if (!isTradingDay(market, today) || minuteOfDay < hours.preopen) {
    return { phase: 'closed', tradingDay: previousTradingDay(market, today), minute: lastLabel };
  }
  if (minuteOfDay < hours.open) return { phase: 'preopen', tradingDay: today, minute: null };
  if (minuteOfDay < hours.lunchStart)
    return { phase: 'trading', tradingDay: today, minute: hhmm(minuteOfDay) };
  if (minuteOfDay < hours.lunchEnd)
    return { phase: 'lunch', tradingDay: today, minute: hhmm(hours.lunchStart) };
  if (minuteOfDay < hours.close) {
    return { phase: 'trading', tradingDay: today, minute: hhmm(Math.max(minuteOfDay, hours.lunchEnd + 1)) };
  }
  return { phase: 'afterclose', tradingDay: today, minute: lastLabel };
}
