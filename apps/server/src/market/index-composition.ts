import { addCalendarDays, type DayNumber, nextTradingDay } from '@zhicai/domain';

/**
 * How an index is computed from its members (issue 15 item 1). Pure functions, shared by the demo
 * provider (history, roll-forward), the quote engine (live quotes and the minute line) and the
 * invariant tests, so all three apply one rule.
 *
 * Each member counts with a fixed quantity q = free-float shares × cap factor, chosen when the index
 * is (re)balanced. A member's weight is q·p ÷ Σ q·p.
 *
 * The level needs no stored divisor: every figure X of a day (open, close, the live price, high,
 * low) is the previous index close times Σ q·member.X ÷ Σ q·member.prevClose. A member's prevClose
 * is already ex-dividend adjusted on its ex-date, so a dividend or bonus issue does not move the
 * index, exactly as a divisor adjustment would not; a rebalancing (new q) needs no divisor change
 * either, since each day's ratio only uses that day's q. A suspended member counts at its prevClose
 * (ratio 1); a member without a bar that day (not yet listed) is left out of both sums.
 *
 * High and low are the same ratio over the members' highs and lows: an upper and lower envelope
 * rather than the extreme of the index's own minute line. It is chosen because it is exact from the
 * members' bars alone (history needs no minute paths), identical live and in stored history (the
 * stored bar of a finished day is what the live quote showed at the close), monotone through the day
 * (members' highs only rise and lows only fall), and always contains open, close and the live price
 * (each member's high ≥ its open, close and price, and the ratio is monotone in every member's value).
 */

export interface MemberFigures {
  quantity: number;
  prevClose: number;
  /** Null when the member is suspended: it then counts at its prevClose. */
  open: number | null;
  high: number | null;
  low: number | null;
  /** The close, or the live price during a session. */
  close: number | null;
  volume: number;
  amount: number;
}

export interface IndexFigures {
  prevClose: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  amount: number;
}

/** Index levels carry two decimals, like the exchanges' published levels. */
export function roundLevel(level: number): number {
  return Math.round(level * 100) / 100;
}

/**
 * Sums of index days, member by member: the one place the sums are taken, so the history and the
 * live quote add in the same way and get the same floating-point results. A history adds each
 * member's bars across all days before the next member (member-major: each member's rows are read
 * in one pass, which at the full market's size is what keeps composing ~100 indices over ~5,000
 * members quick); every day still sums its members in the order they are added, so the totals are
 * the same as adding day by day.
 */
export class IndexDaySums {
  // Σ q·prevClose, Σ q·open, Σ q·high, Σ q·low, Σ q·close, Σ volume, Σ amount, one slot per day.
  // Seven named columns rather than an array of them: add runs once per member and day (and per
  // member on every beat of the live quotes), and unpacking an array there cost more than the sums.
  private readonly base: Float64Array;
  private readonly opens: Float64Array;
  private readonly highs: Float64Array;
  private readonly lows: Float64Array;
  private readonly closes: Float64Array;
  private readonly volumes: Float64Array;
  private readonly amounts: Float64Array;

  constructor(readonly days: number) {
    this.base = new Float64Array(days);
    this.opens = new Float64Array(days);
    this.highs = new Float64Array(days);
    this.lows = new Float64Array(days);
    this.closes = new Float64Array(days);
    this.volumes = new Float64Array(days);
    this.amounts = new Float64Array(days);
  }

  /** Adds a member's figures to day `day`; a null figure (suspended) counts at prevClose. */
  add(
    day: number,
    quantity: number,
    prevClose: number,
    open: number | null,
    high: number | null,
    low: number | null,
    close: number | null,
    volume: number,
    amount: number,
  ): void {
    this.base[day] = (this.base[day] ?? 0) + quantity * prevClose;
    this.opens[day] = (this.opens[day] ?? 0) + quantity * (open ?? prevClose);
    this.highs[day] = (this.highs[day] ?? 0) + quantity * (high ?? prevClose);
    this.lows[day] = (this.lows[day] ?? 0) + quantity * (low ?? prevClose);
    this.closes[day] = (this.closes[day] ?? 0) + quantity * (close ?? prevClose);
    this.volumes[day] = (this.volumes[day] ?? 0) + volume;
    this.amounts[day] = (this.amounts[day] ?? 0) + amount;
  }

  /**
   * add() of a bar packed as the demo packs them (day, prevClose, open, high, low, close, volume,
   * amount from `at`, NaN for null), with the same arithmetic: a history adds tens of millions of
   * bars, and a nullable number per figure was most of that time (and garbage).
   */
  addPacked(day: number, quantity: number, bars: Float64Array, at: number): void {
    const stated = bars[at + 1] ?? Number.NaN;
    const close = bars[at + 5] ?? Number.NaN;
    const prevClose = !Number.isNaN(stated) ? stated : !Number.isNaN(close) ? close : 0;
    const open = bars[at + 2] ?? Number.NaN;
    const high = bars[at + 3] ?? Number.NaN;
    const low = bars[at + 4] ?? Number.NaN;
    const volume = bars[at + 6] ?? Number.NaN;
    const amount = bars[at + 7] ?? Number.NaN;
    this.base[day] = (this.base[day] ?? 0) + quantity * prevClose;
    this.opens[day] = (this.opens[day] ?? 0) + quantity * (Number.isNaN(open) ? prevClose : open);
    this.highs[day] = (this.highs[day] ?? 0) + quantity * (Number.isNaN(high) ? prevClose : high);
    this.lows[day] = (this.lows[day] ?? 0) + quantity * (Number.isNaN(low) ? prevClose : low);
    this.closes[day] = (this.closes[day] ?? 0) + quantity * (Number.isNaN(close) ? prevClose : close);
    this.volumes[day] = (this.volumes[day] ?? 0) + (Number.isNaN(volume) ? 0 : volume);
    this.amounts[day] = (this.amounts[day] ?? 0) + (Number.isNaN(amount) ? 0 : amount);
  }

  /** Day `day`'s sums: Σ q·prevClose, Σ q·open, Σ q·high, Σ q·low, Σ q·close, Σ volume, Σ amount. */
  totals(day: number): readonly [number, number, number, number, number, number, number] {
    return [
      this.base[day] ?? 0,
      this.opens[day] ?? 0,
      this.highs[day] ?? 0,
      this.lows[day] ?? 0,
      this.closes[day] ?? 0,
      this.volumes[day] ?? 0,
      this.amounts[day] ?? 0,
    ];
  }
}

/** The sums of one index day (a live quote, or one minute of its line). */
export class IndexSums {
  private readonly sums = new IndexDaySums(1);

  /** Adds a member; a null figure (suspended) counts at prevClose. */
  add(
    quantity: number,
    prevClose: number,
    open: number | null,
    high: number | null,
    low: number | null,
    close: number | null,
    volume: number,
    amount: number,
  ): void {
    this.sums.add(0, quantity, prevClose, open, high, low, close, volume, amount);
  }

  /** The sums taken: Σ q·prevClose, Σ q·open, Σ q·high, Σ q·low, Σ q·close, Σ volume, Σ amount. */
  totals(): readonly [number, number, number, number, number, number, number] {
    return this.sums.totals(0);
  }

  /** The index figures from its previous close; without any member it stands at that close. */
  figures(prevClose: number): IndexFigures {
    return figuresOf(prevClose, this.totals());
  }
}

/** Index figures from a previous close and a day's sums (IndexSums.totals). */
export function figuresOf(
  prevClose: number,
  [base = 0, open = 0, high = 0, low = 0, close = 0, volume = 0, amount = 0]: readonly number[],
): IndexFigures {
  return {
    prevClose,
    open: levelOf(prevClose, base, open),
    high: levelOf(prevClose, base, high),
    low: levelOf(prevClose, base, low),
    close: levelOf(prevClose, base, close),
    volume,
    amount,
  };
}

/**
 * The index's figures of a day (or of the session so far) from its previous close and its members'
 * figures. Without any member that counts, the index stands at its previous close.
 */
export function composeIndex(prevClose: number, members: readonly MemberFigures[]): IndexFigures {
  const sums = new IndexSums();
  for (const member of members)
    sums.add(
      member.quantity,
      member.prevClose,
      member.open,
      member.high,
      member.low,
      member.close,
      member.volume,
      member.amount,
    );
  return sums.figures(prevClose);
}

/** One level from Σ q·prevClose and Σ q·price (the minute line sums them once per minute). */
export function levelOf(prevClose: number, basePrevClose: number, sumPrice: number): number {
  return basePrevClose > 0 ? roundLevel((prevClose * sumPrice) / basePrevClose) : prevClose;
}

/** Weights q·p ÷ Σ q·p, in the members' order; equal weights if every value is zero. */
export function indexWeights(members: readonly { quantity: number; price: number }[]): number[] {
  const values = members.map((member) => member.quantity * member.price);
  const total = values.reduce((sum, value) => sum + value, 0);
  return total > 0 ? values.map((value) => value / total) : members.map(() => 1 / members.length);
}

/**
 * Weights capped at `cap`: members above it are held at the cap and the excess goes to the others
 * in proportion, repeated until none exceeds it (the CSI and Hang Seng method). A cap below 1/n
 * cannot be met and is raised to 1/n.
 */
export function cappedWeights(raw: readonly number[], cap: number): number[] {
  const n = raw.length;
  if (n === 0) return [];
  const limit = Math.max(cap, 1 / n);
  const total = raw.reduce((sum, value) => sum + value, 0);
  const weights = raw.map((value) => (total > 0 ? value / total : 1 / n));
  const capped = new Array<boolean>(n).fill(false);
  for (let round = 0; round < n; round += 1) {
    let over = false;
    for (let i = 0; i < n; i += 1) {
      if (!capped[i] && (weights[i] ?? 0) > limit + 1e-12) {
        capped[i] = true;
        over = true;
      }
    }
    if (!over) break;
    const cappedCount = capped.filter(Boolean).length;
    const free = 1 - cappedCount * limit;
    const freeRaw = weights.reduce((sum, weight, i) => (capped[i] ? sum : sum + weight), 0);
    for (let i = 0; i < n; i += 1) {
      weights[i] = capped[i] ? limit : freeRaw > 0 ? ((weights[i] ?? 0) * free) / freeRaw : free / n;
    }
  }
  return weights;
}

/**
 * Quantities q_i = free-float shares × cap factor, with the cap factors (at most 1) chosen at the
 * rebalancing prices so that no member's weight exceeds `cap`.
 */
export function capQuantities(
  members: readonly { floatShares: number; price: number }[],
  cap: number,
): { quantity: number; capFactor: number }[] {
  const raw = members.map((member) => member.floatShares * member.price);
  const weights = cappedWeights(raw, cap);
  const ratios = weights.map((weight, i) => {
    const value = raw[i] ?? 0;
    return value > 0 ? weight / value : 0;
  });
  // Uncapped members share the largest ratio: their factor is 1, the capped ones' below it.
  const top = Math.max(...ratios, 0);
  return members.map((member, i) => {
    const capFactor = top > 0 ? (ratios[i] ?? 0) / top : 1;
    return { quantity: member.floatShares * capFactor, capFactor };
  });
}

/**
 * A family's single-member cap (issue 15 item 1): CSI, SSE and SZSE indices cap one name at 10%,
 * Hang Seng indices at 8%; SW industry, concept and theme indices use 10% as well. Many of the
 * smaller ones have few members, so the cap is at least 1.5 ÷ n (a five-stock concept: 30%): the
 * leader stays the largest weight without the rest being forced to equal weights.
 */
export function familyCap(indexType: string, memberCount: number): number {
  const base = indexType === 'index_hk_hs' ? 0.08 : 0.1;
  return Math.max(base, 1.5 / Math.max(memberCount, 1));
}

/**
 * The days new memberships take effect (issue 15): CSI, SSE and SZSE indices review their members
 * twice a year, in June and December, effective the trading day after the month's second Friday.
 * Every review effective after `from` and on or before `through`, in order.
 */
export function indexReviewDays(from: DayNumber, through: DayNumber): DayNumber[] {
  const days: DayNumber[] = [];
  for (let year = Math.floor(from / 10000); year <= Math.floor(through / 10000); year += 1)
    for (const month of [6, 12]) {
      const first = year * 10000 + month * 100 + 1;
      // 1 June or 1 December's weekday (0 = Sunday), then the second Friday after it.
      const weekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
      const secondFriday = addCalendarDays(first, ((5 - weekday + 7) % 7) + 7);
      const effective = nextTradingDay('cn', secondFriday);
      if (effective > from && effective <= through) days.push(effective);
    }
  return days;
}
