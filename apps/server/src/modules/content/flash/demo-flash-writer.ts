import {
  type DayBarRow,
  type DayNumber,
  headlineIndices,
  limitPrices,
  priceLimitRatio,
} from '@zhicai/domain';
import { eventLoopSlices, fanOutSliceMs } from '../../../market/event-loop-slices.ts';
import type { Instrument } from '../../../market/instrument-directory.ts';
import type { Market } from '../../../market/market.ts';
import { beijingInstant, type EngineTick, type MarketOpening } from '../../../market/quote-engine.ts';
import type { MarketService } from '../../market/market.service.ts';
import {
  type Breadth,
  closeFlash,
  crossingFlash,
  type Figures,
  industryFlash,
  limitFlash,
  limitSide,
  northTurnFlash,
  openFlash,
  type Subject,
} from './demo-flashes.ts';
import type { FlashDraft, FlashRepository, FlashRow } from './flash.repository.ts';

/** Trading days written from the stored bars when the demo feed starts empty. */
export const backfillDays = 3;
/** Stocks at each limit written per backfilled day, the most traded first (the rest are counted). */
const backfillLimitFlashes = 6;
/** North-bound flow is judged from 10:00, once the morning's first swings have settled. */
const northFromMinute = 1000;

/** The A-share headline indices (the HK index trades on its own clock and is left out). */
const cnHeadlines = headlineIndices.filter(
  (index) => index.code.endsWith('.SH') || index.code.endsWith('.SZ'),
);

export interface DemoFlashWriterOptions {
  market: Market;
  marketService: Pick<MarketService, 'summary' | 'connect' | 'plates'>;
  repository: FlashRepository;
  /** Receives every flash written while the market runs (not the backfill), to push it live. */
  onWritten(rows: readonly FlashRow[]): void;
  onError(error: unknown): void;
  /** How long a slice of a tick's judging runs before it yields (tests make it yield at every look). */
  judgeSliceMs?: number;
}

/**
 * Writes the demo market's flashes as its events happen (issue 17 Data 2): the open, 涨停 and 跌停,
 * round levels of the headline indices, north-bound money turning, and after the close the day's
 * summary and leading industries. Judged on the engine's ticks and, for the close (which no tick
 * carries), on `checkClose`. The figures are the quotes of the moment; the events are keyed, so a
 * restart, a second instance or a tick judged twice writes nothing twice.
 */
export function createDemoFlashWriter(options: DemoFlashWriterOptions) {
  const { market, marketService, repository } = options;
  const { directory, engine } = market;
  /** Events already written or seen in this process (the table's unique key is the real guard). */
  const seen = new Set<string>();
  /** The last price of each headline index this session, to see it cross a round level. */
  const lastLevels = new Map<string, number>();
  let levelsDay: DayNumber | null = null;
  let north: { day: DayNumber; positive: boolean | null; minute: number | null } | null = null;
  let queue: Promise<void> = Promise.resolve();

  /** A share and its industry, whose move is the industry quote's (industryChange: another source of the same figure). */
  const subjectOf = (
    instrument: Instrument,
    industryChange = (code: string) => engine.quote(code)?.chgPct ?? null,
  ): Subject => {
    const industry = instrument.industry ? directory.get(instrument.industry) : undefined;
    return {
      code: instrument.code,
      name: instrument.name,
      industry: industry
        ? { code: industry.code, name: industry.name, chgPct: industryChange(industry.code) }
        : null,
    };
  };

  /** The round level a headline index crossed since its last judged level (the session's first: its previous close). */
  const crossing = (
    day: DayNumber,
    time: number,
    index: { code: string; name: string },
    figures: { price: number; prevClose: number },
  ): FlashDraft | null => {
    if (levelsDay !== day) {
      lastLevels.clear();
      levelsDay = day;
    }
    const before = lastLevels.get(index.code) ?? figures.prevClose;
    lastLevels.set(index.code, figures.price);
    return crossingFlash({ ...index, industry: null }, figures, before, day, time);
  };

  const limitDraft = (
    instrument: Instrument,
    figures: Figures,
    side: 'up' | 'down',
    day: DayNumber,
    time: number,
    industryChange?: (code: string) => number | null,
  ): FlashDraft | null =>
    seen.has(`limit-${side}:${instrument.code}:${day}`)
      ? null
      : limitFlash(subjectOf(instrument, industryChange), figures, side, day, time, true);

  /**
   * Queues a write, so flashes keep the order of their events; answers the write, done once its
   * rows are handed to onWritten, or undefined when there was nothing new to write.
   */
  const write = (drafts: FlashDraft[], live: boolean): Promise<void> | undefined => {
    const fresh = drafts.filter((draft) => draft.eventKey === null || !seen.has(draft.eventKey));
    for (const draft of fresh) if (draft.eventKey) seen.add(draft.eventKey);
    if (fresh.length === 0) return undefined;
    queue = queue
      .then(async () => {
        const rows = await repository.insert(fresh);
        if (live && rows.length > 0) options.onWritten(rows);
      })
      .catch(options.onError);
    return queue;
  };

  /**
   * The shares of a tick's rows at a limit not yet written, judged in slices (issue 4: the loop is
   * never blocked more than 20 ms): at the open the tick carries every quote, and looking up ~9,400
   * quotes in one go was one block of 22-26 ms at full size (a profile of the flash-push bench).
   */
  async function limitDrafts(tick: EngineTick, day: DayNumber): Promise<FlashDraft[]> {
    const drafts: FlashDraft[] = [];
    const slices = eventLoopSlices({ sliceMs: options.judgeSliceMs ?? fanOutSliceMs });
    const { rows } = tick;
    for (let index = 0; index < rows.length; index += 1) {
      if (index % 64 === 0 && slices.spent()) await slices.next();
      const quote = engine.quote((rows[index] as (typeof rows)[number])[0]);
      if (quote?.type !== 'capital' || quote.status !== 'trading') continue;
      const side = limitSide(quote);
      if (side === null || seen.has(`limit-${side}:${quote.code}:${day}`)) continue;
      const instrument = directory.get(quote.code);
      if (!instrument || quote.price === null || !quote.prevClose) continue;
      const figures = { price: quote.price, prevClose: quote.prevClose, amount: quote.amount };
      const flash = limitDraft(instrument, figures, side, day, tick.time);
      if (flash) drafts.push(flash);
    }
    return drafts;
  }

  /** The ticks' row judgements, one after another (a tick's limits are judged after the last tick's are written). */
  let judging: Promise<unknown> = Promise.resolve();

  /**
   * Judges a tick's events and writes their flashes; answers that write (write), so the socket
   * fan-out of the same tick can wait for it.
   */
  function onTick(tick: EngineTick): Promise<void> | undefined {
    const clock = engine.clockOf('cn');
    if (clock.phase !== 'trading') return undefined;
    const day = clock.tradingDay;
    const drafts: FlashDraft[] = [];

    const indices = cnHeadlines.flatMap((index) => {
      const quote = engine.quote(index.code);
      return quote && quote.open !== null && quote.prevClose ? [{ ...index, quote }] : [];
    });
    if (!seen.has(`open:${day}`)) {
      const flash = openFlash(
        indices.map(({ name, code, quote }) => ({
          name,
          code,
          open: quote.open ?? 0,
          prevClose: quote.prevClose ?? 0,
        })),
        day,
        tick.time,
      );
      if (flash) drafts.push(flash);
    }

    for (const { code, name, quote } of indices) {
      if (quote.price === null || !quote.prevClose) continue;
      const flash = crossing(
        day,
        tick.time,
        { code, name },
        { price: quote.price, prevClose: quote.prevClose },
      );
      if (flash) drafts.push(flash);
    }

    const headlineDrafts = drafts.length;
    // North-bound money, judged once a minute: a turn is a change of sign from the last judgement.
    if (clock.minute !== null && clock.minute >= northFromMinute && north?.minute !== clock.minute) {
      const { netInflow } = marketService.connect('north');
      const positive = netInflow === 0 ? null : netInflow > 0;
      if (north?.day === day && north.positive !== null && positive !== null && positive !== north.positive) {
        const hhmm = `${Math.floor(clock.minute / 100)}:${String(clock.minute % 100).padStart(2, '0')}`;
        drafts.push(northTurnFlash(netInflow, day, tick.time, hhmm));
      }
      north = { day, positive: positive ?? north?.positive ?? null, minute: clock.minute };
    }
    // The shares at a limit after the indices' events and before north-bound money, in slices.
    const northDrafts = drafts.splice(headlineDrafts);
    const judged = judging.then(async () => {
      const limits = await limitDrafts(tick, day);
      await write([...drafts, ...limits, ...northDrafts], true);
    });
    const done = judged.catch(options.onError);
    judging = done;
    return done;
  }

  /**
   * The A-share open, told by the engine on the open's beat before it recomputes the quotes
   * (engine.onOpening): A股开盘 with the headline indices' opening levels, the round levels they
   * open across and the shares opening at a limit, judged from the open's figures, which are the
   * quotes' once the beat has run. The open's tick then finds these events written. Answers the
   * write, as onTick does.
   */
  function onOpening(opening: MarketOpening): Promise<void> | undefined {
    if (opening.market !== 'cn') return undefined;
    const { tradingDay: day, time } = opening;
    const drafts: FlashDraft[] = [];
    const indices = cnHeadlines.flatMap((index) => {
      const figures = opening.indices.get(index.code);
      return figures?.prevClose ? [{ ...index, figures }] : [];
    });
    if (!seen.has(`open:${day}`)) {
      const flash = openFlash(
        indices.map(({ name, code, figures }) => ({
          name,
          code,
          open: figures.open,
          prevClose: figures.prevClose,
        })),
        day,
        time,
      );
      if (flash) drafts.push(flash);
    }
    for (const { code, name, figures } of indices) {
      const flash = crossing(day, time, { code, name }, figures);
      if (flash) drafts.push(flash);
    }
    const industryChange = (code: string) => opening.indices.get(code)?.chgPct ?? null;
    for (const { code, side, price, prevClose, amount } of opening.atLimit) {
      const instrument = directory.get(code);
      if (instrument?.type !== 'capital') continue;
      const flash = limitDraft(instrument, { price, prevClose, amount }, side, day, time, industryChange);
      if (flash) drafts.push(flash);
    }
    return write(drafts, true);
  }

  /** After the close: the day's summary and its leading and lagging industries, once a day. */
  function checkClose(): void {
    const clock = engine.clockOf('cn');
    if (clock.phase !== 'afterclose') return;
    const day = clock.tradingDay;
    // A market without A-shares (one not generated yet) has no session to sum up.
    if (seen.has(`close:${day}`) || directory.ofType('capital').length === 0) return;
    const summary = marketService.summary();
    const close = beijingInstant(day, 1500);
    const indices = cnHeadlines.flatMap((index) => {
      const quote = engine.quote(index.code);
      return quote?.price && quote.prevClose
        ? [{ ...index, figures: { price: quote.price, prevClose: quote.prevClose, amount: quote.amount } }]
        : [];
    });
    const { r, f, p } = summary.rise_fall_stat;
    const breadth: Breadth = {
      amount: summary.amount,
      rise: r,
      fall: f,
      flat: p,
      limitUp: summary.limitUp,
      limitDown: summary.limitDown,
    };
    const drafts = [closeFlash(indices, breadth, day, close)];
    const industries = marketService
      .plates('industry', false)
      .flatMap((plate) => (plate.chgPct === null ? [] : [{ ...plate, chgPct: plate.chgPct }]));
    const lead = industries[0];
    const lag = industries.at(-1);
    if (lead && lag && lead !== lag) drafts.push(industryFlash(lead, lag, day, close + 60_000));
    write(drafts, true);
  }

  /**
   * The flashes of the last `backfillDays` stored days, from their daily bars: a feed that starts
   * empty shows the recent sessions at once. Written only when no demo flash is stored yet.
   */
  async function backfill(): Promise<number> {
    if (await repository.hasAny('demo')) return 0;
    const years = await market.repositories.series.readLatestYears();
    const bars = new Map<string, Map<DayNumber, DayBarRow>>();
    for (const year of years) {
      if (year.kind !== 'day') continue;
      bars.set(year.code, new Map((year.rows as DayBarRow[]).map((row) => [row[0], row])));
    }
    const clock = engine.clockOf('cn');
    const reference = bars.get(cnHeadlines[0]?.code ?? '');
    if (!reference) return 0;
    const days = [...reference.keys()]
      .filter((day) => day <= clock.tradingDay)
      .sort((a, b) => a - b)
      .slice(-backfillDays);
    const figuresOf = (code: string, day: DayNumber): Figures | null => {
      const row = bars.get(code)?.get(day);
      if (!row) return null;
      const [, prevClose, , , , close, , amount] = row;
      return close !== null && prevClose ? { price: close, prevClose, amount: amount ?? 0 } : null;
    };
    const drafts: FlashDraft[] = [];
    for (const day of days) drafts.push(...backfillDay(day, figuresOf, bars));
    drafts.sort((a, b) => a.time - b.time);
    const written = await repository.insert(drafts);
    for (const draft of drafts) if (draft.eventKey) seen.add(draft.eventKey);
    return written.length;
  }

  function backfillDay(
    day: DayNumber,
    figuresOf: (code: string, day: DayNumber) => Figures | null,
    bars: Map<string, Map<DayNumber, DayBarRow>>,
  ): FlashDraft[] {
    const drafts: FlashDraft[] = [];
    const open = beijingInstant(day, 930);
    const close = beijingInstant(day, 1500);
    const industryChange = (code: string) => {
      const figures = figuresOf(code, day);
      return figures ? (figures.price - figures.prevClose) / figures.prevClose : null;
    };
    const indexFigures = cnHeadlines.flatMap((index) => {
      const figures = figuresOf(index.code, day);
      const openPrice = bars.get(index.code)?.get(day)?.[2];
      return figures && openPrice ? [{ ...index, figures, open: openPrice }] : [];
    });
    const openDraft = openFlash(
      indexFigures.map(({ name, code, open: openPrice, figures }) => ({
        name,
        code,
        open: openPrice,
        prevClose: figures.prevClose,
      })),
      day,
      open,
    );
    if (openDraft) drafts.push(openDraft);

    const breadth: Breadth = { amount: 0, rise: 0, fall: 0, flat: 0, limitUp: 0, limitDown: 0 };
    const atLimit: { instrument: Instrument; figures: Figures; side: 'up' | 'down' }[] = [];
    for (const instrument of directory.ofType('capital')) {
      const figures = figuresOf(instrument.code, day);
      if (!figures) continue;
      breadth.amount += figures.amount;
      if (figures.price > figures.prevClose) breadth.rise += 1;
      else if (figures.price < figures.prevClose) breadth.fall += 1;
      else breadth.flat += 1;
      const ratio = priceLimitRatio(instrument.board, instrument.isSt, {
        onDay: day,
        listingDay: instrument.listingDay,
      });
      if (ratio === null) continue;
      const limits = limitPrices(figures.prevClose, ratio);
      const side = figures.price >= limits.up ? 'up' : figures.price <= limits.down ? 'down' : null;
      if (side === null) continue;
      breadth[side === 'up' ? 'limitUp' : 'limitDown'] += 1;
      atLimit.push({ instrument, figures, side });
    }
    drafts.push(closeFlash(indexFigures, breadth, day, close));

    const industries = directory.ofType('index_hy').flatMap((industry) => {
      const chgPct = industryChange(industry.code);
      return chgPct === null ? [] : [{ code: industry.code, name: industry.name, chgPct }];
    });
    industries.sort((a, b) => b.chgPct - a.chgPct);
    const lead = industries[0];
    const lag = industries.at(-1);
    if (lead && lag && lead !== lag) drafts.push(industryFlash(lead, lag, day, close + 60_000));

    let offset = 120_000;
    for (const index of indexFigures) {
      const flash = crossingFlash(
        { ...index, industry: null },
        index.figures,
        index.figures.prevClose,
        day,
        close + offset,
      );
      if (flash) drafts.push(flash);
      offset += 1000;
    }
    for (const side of ['up', 'down'] as const) {
      const notable = atLimit
        .filter((entry) => entry.side === side)
        .sort(
          (a, b) => b.figures.amount - a.figures.amount || a.instrument.code.localeCompare(b.instrument.code),
        )
        .slice(0, backfillLimitFlashes);
      for (const { instrument, figures } of notable) {
        const industry = instrument.industry ? directory.get(instrument.industry) : undefined;
        const subject: Subject = {
          code: instrument.code,
          name: instrument.name,
          industry: industry
            ? { code: industry.code, name: industry.name, chgPct: industryChange(industry.code) }
            : null,
        };
        drafts.push(limitFlash(subject, figures, side, day, close + offset, false));
        offset += 1000;
      }
    }
    return drafts;
  }

  return {
    onTick,
    onOpening,
    checkClose,
    backfill,
    /** Resolves once every queued write has finished (tests, shutdown). */
    idle: () => queue,
  };
}

export type DemoFlashWriter = ReturnType<typeof createDemoFlashWriter>;
