/**
 * Trading hours and Beijing time. China has one time zone, UTC+8, without daylight saving, so plain
 * UTC+8 arithmetic gives Asia/Shanghai wall-clock time on any machine without a time-zone database.
 */

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;
/** Asia/Shanghai is UTC+8 all year. */
const beijingOffsetMs = 8 * hourMs;
// spec 1 §5: "from 9:00 up to 15:00, plus 15:00 to 15:15", read as 09:00:00 ≤ t ≤ 15:15:00.
const openMs = 9 * hourMs;
const closeMs = 15 * hourMs + 15 * 60 * 1000;

/**
 * Whether quotes may be moving at an instant (spec 1 §5), judged on Beijing wall-clock time:
 * Monday–Friday, 09:00:00 to 15:15:00 inclusive. The window deliberately covers the pre-open auction
 * and the midday break as the spec does, and ends 15 minutes after the close for closing prints.
 * Exchange holidays are not known here, so a weekday holiday counts as trading time.
 * An invalid date is not trading time.
 */
export function isTradingTime(date: Date | number): boolean {
  const epochMs = typeof date === 'number' ? date : date.getTime();
  if (!Number.isFinite(epochMs)) return false;
  const beijingMs = epochMs + beijingOffsetMs;
  const weekday = new Date(beijingMs).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const msOfDay = ((beijingMs % dayMs) + dayMs) % dayMs;
  return msOfDay >= openMs && msOfDay <= closeMs;
}

// A UTC wall-clock timestamp as the server writes it: 'YYYY-MM-DD HH:mm[:ss]' (or with a 'T').
const wallClockText = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** Reads a UTC wall-clock string as epoch ms, or null when it is malformed or not a real time. */
function parseWallClock(text: string): number | null {
  const match = wallClockText.exec(text);
  if (!match) return null;
  // The regex guarantees the first five groups; seconds are optional and default to 0.
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? '0'));
  const epochMs = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(epochMs);
  // Date.UTC rolls 2024-02-30 over to March; a round trip that changes a field means the input was wrong.
  const roundTrips =
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day &&
    check.getUTCHours() === hour &&
    check.getUTCMinutes() === minute &&
    check.getUTCSeconds() === second;
  return roundTrips ? epochMs : null;
}

/**
 * spec 1 §5 "time conversion adds 8 hours to a timestamp string": turns a UTC time into Beijing
 * wall-clock text 'YYYY-MM-DD HH:mm:ss'. Accepted input:
 * - a UTC wall-clock string 'YYYY-MM-DD HH:mm[:ss]' (space or 'T'): '2024-06-28 07:30:00' →
 *   '2024-06-28 15:30:00', carrying into the next day, month and year as needed;
 * - epoch milliseconds as a number or a 13-digit string: the Beijing wall-clock time of that instant.
 * Anything else (malformed text, an impossible date such as 02-30, a time outside the Date range)
 * gives null. Milliseconds are dropped.
 */
export function shiftToBeijing(timestamp: string | number): string | null {
  let epochMs: number | null;
  if (typeof timestamp === 'number') epochMs = timestamp;
  else {
    const text = timestamp.trim();
    epochMs = /^\d{13}$/.test(text) ? Number(text) : parseWallClock(text);
  }
  if (epochMs === null) return null;
  const beijing = new Date(epochMs + beijingOffsetMs);
  if (Number.isNaN(beijing.getTime())) return null;
  const date = `${pad(beijing.getUTCFullYear(), 4)}-${pad(beijing.getUTCMonth() + 1)}-${pad(beijing.getUTCDate())}`;
  const time = `${pad(beijing.getUTCHours())}:${pad(beijing.getUTCMinutes())}:${pad(beijing.getUTCSeconds())}`;
  return `${date} ${time}`;
}
