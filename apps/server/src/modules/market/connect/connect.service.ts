import {
  type api,
  Codes,
  type ConnectDayRow,
  type DatasOf,
  type Endpoint,
  type IpoRow,
  type Quote,
  type SwingEvent,
  type SwingKind,
} from '@zhicai/contract';
import {
  type DayBarRow,
  type DayNumber,
  priceLimitRatio,
  type TradingMarket,
  tradingDaysBetween,
} from '@zhicai/domain';
import { AppError } from '../../../http/app-error.ts';
import { eventLoopSlices } from '../../../market/event-loop-slices.ts';
import type { Instrument } from '../../../market/instrument-directory.ts';
import type { Market } from '../../../market/market.ts';
import {
  addShare,
  type ChannelSums,
  type ConnectDirection,
  channelNames,
  channelWeights,
  directionFigures,
  emptySums,
  shareFlow,
} from './connect-flow-model.ts';
import { detectSwings, type SwingBar } from './swing-rules.ts';

type Datas<E> = E extends Endpoint ? DatasOf<E> : never;

const marketOf: Record<ConnectDirection, TradingMarket> = { north: 'cn', south: 'hk' };

/** A share's minute bars of the tape's day, with what its quote says about that day. */
interface TapeShare {
  instrument: Instrument;
  quote: Quote;
  bars: SwingBar[];
}

/** Every share's minute bars of a market's current (or last) session, built once per minute. */
interface Tape {
  day: DayNumber;
  minutes: number[];
  shares: TapeShare[];
  /** finishedMinutes' rows by direction, worked out once per tape. */
  flows: Map<ConnectDirection, IntradayRow[]>;
}

/** [hhmm, total, channel 1, channel 2] cumulative net inflow. */
type IntradayRow = [number, number, number, number];

/** A direction's stored days: per day the per-channel sums, and per share its figures of that day. */
interface StoredDay {
  day: DayNumber;
  sums: [ChannelSums, ChannelSums];
}

/**
 * Today's 北向/南向 figures from the quotes of the moment (the home page's summary, the flash
 * writer's north-bound turn): cheap enough for every minute, no series.
 */
export function connectNow(market: Market, direction: ConnectDirection) {
  const { engine, directory } = market;
  const sums = emptySums();
  for (const quote of engine.allQuotes()) {
    const instrument = directory.get(quote.code);
    const weights = instrument ? channelWeights(direction, instrument) : null;
    if (!weights) continue;
    addShare(sums, weights, quote.amount, quote.status === 'suspended' ? null : quote.chgPct);
  }
  return { tradingDay: engine.clockOf(marketOf[direction]).tradingDay, ...directionFigures(direction, sums) };
}

/**
 * The 沪深港通 part of the market group: flows by minute and by day, one day's detail, the new-
 * listing calendar and today's unusual moves, all from the quote engine's quotes and minute bars
 * and the stored day bars (the same the K-line serves).
 */
export function createConnectService(market: Market) {
  const { engine, directory, repositories } = market;
  const { series } = repositories;

  const tapes = new Map<TradingMarket, { key: string; tape: Promise<Tape> }>();
  const stored = new Map<ConnectDirection, { key: string; days: Promise<StoredDay[]> }>();
  const firstBars = new Map<string, DayBarRow | null>();

  const sharesOf = (direction: ConnectDirection) =>
    directory
      .ofType(direction === 'north' ? 'capital' : 'hk')
      .filter((instrument) => instrument.delistedDay === null && channelWeights(direction, instrument));

  /** The minute bars of every share of a market's session, rebuilt when the clock's minute moves. */
  function tapeOf(tradingMarket: TradingMarket): Promise<Tape> {
    const clock = engine.clockOf(tradingMarket);
    // Rebuilt once a minute: the bars before the clock's minute are final, and what the minute in
    // progress shows comes from the quotes of the moment (today) or is not judged yet (swings).
    const key = `${clock.tradingDay}|${clock.phase}|${clock.minute}`;
    const cached = tapes.get(tradingMarket);
    if (cached?.key === key) return cached.tape;
    const tape = buildTape(tradingMarket, clock.tradingDay);
    tapes.set(tradingMarket, { key, tape });
    tape.catch(() => tapes.delete(tradingMarket));
    return tape;
  }

  async function buildTape(tradingMarket: TradingMarket, day: DayNumber): Promise<Tape> {
    const instruments = directory
      .ofType(tradingMarket === 'cn' ? 'capital' : 'hk')
      .filter((instrument) => instrument.delistedDay === null);
    // The stored bar of the day lets the engine draw the session once it is stored (a weekend
    // shows Friday's); while the session is live the engine draws it from the live session.
    const storedBars = await series.readRecentRowsOf(
      instruments.map((instrument) => instrument.code),
      'day',
      1,
    );
    const shares: TapeShare[] = [];
    const minutes = new Set<number>();
    const dayText = String(day);
    // Drawing a session's minutes costs ~0.1 ms a share: thousands of them run in slices, so the
    // requests that arrive meanwhile are answered between them.
    const slices = eventLoopSlices();
    for (const instrument of instruments) {
      if (slices.spent()) await slices.next();
      const quote = engine.quote(instrument.code);
      if (!quote || quote.tradingDay !== day || quote.prevClose === null) continue;
      const rows = engine.minuteRows(
        instrument.code,
        1,
        (storedBars.get(instrument.code) ?? []) as DayBarRow[],
      );
      const bars: SwingBar[] = [];
      for (const row of rows) {
        if (row[0] !== dayText) continue;
        bars.push({ minute: row[4], price: row[1], amount: row[3] });
        minutes.add(row[4]);
      }
      shares.push({ instrument, quote, bars });
    }
    return { day, minutes: [...minutes].sort((a, b) => a - b), shares, flows: new Map() };
  }

  /** Today's figures and the intraday line whose last row they are. */
  async function today(direction: ConnectDirection) {
    const now = connectNow(market, direction);
    const tape = await tapeOf(marketOf[direction]);
    if (tape.day !== now.tradingDay || tape.minutes.length === 0) return { now, intraday: [], live: false };
    const intraday = [...finishedMinutes(tape, direction)];
    // The last minute (the one in progress while trading) is the quotes of the moment: the line
    // ends on the summary's figures.
    intraday.push([
      tape.minutes.at(-1) as number,
      now.netInflow,
      now.channels[0].netInflow,
      now.channels[1].netInflow,
    ]);
    return { now, intraday, live: true };
  }

  /** The cumulative flows at the end of each of a tape's minutes but its last, once per tape. */
  function finishedMinutes(tape: Tape, direction: ConnectDirection): IntradayRow[] {
    const cached = tape.flows.get(direction);
    if (cached) return cached;
    const index = new Map(tape.minutes.map((minute, at) => [minute, at]));
    const perMinute = tape.minutes.map(() => emptySums());
    for (const share of tape.shares) {
      const weights = channelWeights(direction, share.instrument);
      const prevClose = share.quote.prevClose;
      if (!weights || !prevClose) continue;
      let amount = 0;
      let at = 0;
      let price: number | null = null;
      for (let minute = 0; minute < tape.minutes.length - 1; minute += 1) {
        // A share with no bar in a minute (suspended, or not yet traded) carries its last figures.
        const bar = share.bars[at];
        if (bar && index.get(bar.minute) === minute) {
          amount += bar.amount;
          price = bar.price;
          at += 1;
        }
        addShare(
          perMinute[minute] as [ChannelSums, ChannelSums],
          weights,
          amount,
          price === null ? null : price / prevClose - 1,
        );
      }
    }
    const rows: IntradayRow[] = [];
    for (let minute = 0; minute < tape.minutes.length - 1; minute += 1) {
      const figures = directionFigures(direction, perMinute[minute] as [ChannelSums, ChannelSums]);
      rows.push([
        tape.minutes[minute] as number,
        figures.netInflow,
        figures.channels[0].netInflow,
        figures.channels[1].netInflow,
      ]);
    }
    tape.flows.set(direction, rows);
    return rows;
  }

  /** The stored days of a direction (about a year), summed per channel once per stored day. */
  function storedDays(direction: ConnectDirection): Promise<StoredDay[]> {
    const shares = sharesOf(direction);
    const probe = shares[0] ? engine.quote(shares[0].code) : undefined;
    const key = `${probe?.tradingDay}|${probe?.status}`;
    const cached = stored.get(direction);
    if (cached?.key === key) return cached.days;
    const days = readStoredDays(direction, shares);
    stored.set(direction, { key, days });
    days.catch(() => stored.delete(direction));
    return days;
  }

  async function readStoredDays(direction: ConnectDirection, shares: Instrument[]): Promise<StoredDay[]> {
    const byDay = new Map<DayNumber, [ChannelSums, ChannelSums]>();
    await forEachStoredYear(shares, (share, rows) => {
      const weights = channelWeights(direction, share);
      if (!weights) return;
      for (const row of rows) {
        const [day, prevClose, , , , close, , amount] = row;
        let sums = byDay.get(day);
        if (!sums) {
          sums = emptySums();
          byDay.set(day, sums);
        }
        if (close === null || prevClose === null || amount === null) continue;
        addShare(sums, weights, amount, close / prevClose - 1);
      }
    });
    return [...byDay]
      .map(([day, sums]) => ({ day, sums }))
      .sort((a, b) => b.day - a.day)
      .slice(0, 250);
  }

  /** Days newest first with their figures: today's from the quotes, the rest from the stored bars. */
  async function dayFigures(direction: ConnectDirection) {
    const [{ now, live }, days] = await Promise.all([today(direction), storedDays(direction)]);
    const rows = days
      .filter((day) => day.day !== now.tradingDay)
      .map((day) => ({ day: day.day, ...directionFigures(direction, day.sums) }));
    if (live || days.some((day) => day.day === now.tradingDay))
      rows.unshift({ day: now.tradingDay, netInflow: now.netInflow, channels: now.channels });
    return rows;
  }

  return {
    /** northSummary/southSummary: today's figures and the cumulative line by minute. */
    async summary(direction: ConnectDirection): Promise<Datas<typeof api.market.northSummary>> {
      const { now, intraday } = await today(direction);
      return {
        tradingDay: now.tradingDay,
        netInflow: now.netInflow,
        channels: [...now.channels],
        series: intraday.map(([minute, total]) => [minute, total]),
      };
    },

    async flow(direction: ConnectDirection, days: number): Promise<Datas<typeof api.market.connectFlow>> {
      const [{ now, intraday }, all] = await Promise.all([today(direction), dayFigures(direction)]);
      const history: ConnectDayRow[] = all.slice(0, days).map((row) => ({
        day: row.day,
        netInflow: row.netInflow,
        channels: row.channels.map((channel) => channel.netInflow),
      }));
      return {
        direction,
        tradingDay: now.tradingDay,
        channelNames: [...channelNames[direction]],
        netInflow: now.netInflow,
        channels: now.channels.map((channel) => channel.netInflow),
        intraday,
        history,
        cumulative: history.reduce((sum, row) => sum + row.netInflow, 0),
      };
    },

    async detail(day: DayNumber | undefined): Promise<Datas<typeof api.market.connectDetail>> {
      const [north, south] = await Promise.all([dayFigures('north'), dayFigures('south')]);
      const days = north.slice(0, 30).map((row) => row.day);
      const chosen = day ?? days[0];
      const northDay = north.find((row) => row.day === chosen);
      if (chosen === undefined || !northDay)
        throw new AppError(Codes.notFound, '该日没有沪深港通数据，请选择最近 30 个交易日之一', 404);
      const southDay = south.find((row) => row.day === chosen);
      return {
        tradingDay: chosen,
        days,
        north: { netInflow: northDay.netInflow, channels: [...northDay.channels] },
        south: southDay ? { netInflow: southDay.netInflow, channels: [...southDay.channels] } : null,
        topTraded: {
          north: await topTraded('north', chosen),
          south: southDay ? await topTraded('south', chosen) : [],
        },
      };
    },

    async ipoCalendar(size: number): Promise<Datas<typeof api.market.ipoCalendar>> {
      const tradingDay = engine.clockOf('cn').tradingDay;
      const shares = directory.ofType('capital').filter((share) => share.delistedDay === null);
      const upcoming = shares
        .filter((share) => share.listingDay > tradingDay)
        .sort((a, b) => a.listingDay - b.listingDay);
      const listed = shares
        .filter((share) => share.listingDay <= tradingDay)
        .sort((a, b) => b.listingDay - a.listingDay || a.code.localeCompare(b.code))
        .slice(0, size);
      return {
        tradingDay,
        subscribing: [],
        upcoming: await Promise.all(upcoming.slice(0, size).map((share) => ipoRow(share, tradingDay))),
        listed: await Promise.all(listed.map((share) => ipoRow(share, tradingDay))),
      };
    },

    async swings(kind: SwingKind | undefined, size: number): Promise<Datas<typeof api.market.swingStocks>> {
      const tape = await tapeOf('cn');
      const clock = engine.clockOf('cn');
      const events: SwingEvent[] = [];
      for (const share of tape.shares) {
        const { quote, instrument } = share;
        if (quote.prevClose === null) continue;
        // The minute in progress is judged once it has ended (its bar still moves).
        const bars =
          clock.phase === 'trading' ? share.bars.filter((bar) => bar.minute !== clock.minute) : share.bars;
        const hits = detectSwings(bars, {
          prevClose: quote.prevClose,
          limitUp: quote.limitUp,
          limitDown: quote.limitDown,
        });
        for (const hit of hits) {
          if (kind && hit.kind !== kind) continue;
          events.push({ code: instrument.code, name: instrument.name, type: instrument.type, ...hit });
        }
      }
      events.sort(
        (a, b) => b.minute - a.minute || a.code.localeCompare(b.code) || a.kind.localeCompare(b.kind),
      );
      return {
        tradingDay: tape.day,
        live: clock.phase === 'trading' || clock.phase === 'lunch',
        list: events.slice(0, size),
      };
    },
  };

  /** A day's most traded shares through a direction, each with its own flow (they add up to the channels'). */
  async function topTraded(direction: ConnectDirection, day: DayNumber) {
    const now = connectNow(market, direction);
    const shares = sharesOf(direction);
    const figures: { instrument: Instrument; price: number | null; chgPct: number | null; amount: number }[] =
      [];
    if (day === now.tradingDay) {
      for (const instrument of shares) {
        const quote = engine.quote(instrument.code);
        if (quote && quote.tradingDay === day)
          figures.push({
            instrument,
            price: quote.price,
            chgPct: quote.status === 'suspended' ? null : quote.chgPct,
            amount: quote.amount,
          });
      }
    } else {
      await forEachStoredYear(shares, (instrument, rows) => {
        const row = rows.find((bar) => bar[0] === day);
        if (!row || row[5] === null || row[1] === null) return;
        figures.push({ instrument, price: row[5], chgPct: row[5] / row[1] - 1, amount: row[7] ?? 0 });
      });
    }
    return figures
      .sort((a, b) => b.amount - a.amount)
      .slice(0, 10)
      .map(({ instrument, price, chgPct, amount }) => {
        const flow = shareFlow(amount, chgPct);
        const weights = channelWeights(direction, instrument) ?? [1, 0];
        const netInflow = Math.round(flow.net);
        const buyAmount = Math.round((flow.gross + netInflow) / 2);
        return {
          code: instrument.code,
          name: instrument.name,
          type: instrument.type,
          channel: direction === 'south' ? '港股通' : (channelNames.north[weights[0] > 0 ? 0 : 1] as string),
          price,
          chgPct,
          buyAmount,
          sellAmount: buyAmount - netInflow,
          netInflow,
        };
      });
  }

  /**
   * The last year of stored day bars of each share, read 200 shares at a time with a turn of the
   * event loop between slices: at the full market's size the parse of every share's years is
   * seconds of work, which requests must not wait behind.
   */
  async function forEachStoredYear(
    shares: readonly Instrument[],
    visit: (share: Instrument, rows: readonly DayBarRow[]) => void,
  ): Promise<void> {
    const slices = eventLoopSlices();
    for (let start = 0; start < shares.length; start += 200) {
      const slice = shares.slice(start, start + 200);
      const rows = await series.readRecentRowsOf(
        slice.map((share) => share.code),
        'day',
        251,
      );
      for (const share of slice) {
        if (slices.spent()) await slices.next();
        visit(share, (rows.get(share.code) ?? []) as DayBarRow[]);
      }
    }
  }

  async function ipoRow(share: Instrument, tradingDay: DayNumber): Promise<IpoRow> {
    const quote = engine.quote(share.code);
    const first = await firstBar(share);
    const firstDayClose = first?.[5] ?? null;
    const firstPrev = first?.[1] ?? null;
    const price = quote?.price ?? null;
    return {
      code: share.code,
      name: share.name,
      type: share.type,
      board: share.board,
      listingDay: share.listingDay,
      tradingDays:
        share.listingDay > tradingDay ? 0 : tradingDaysBetween('cn', share.listingDay, tradingDay).length,
      firstDayChgPct: firstDayClose !== null && firstPrev ? firstDayClose / firstPrev - 1 : null,
      firstDayClose,
      // The domain's price-limit rule: a new listing's first days carry no limit.
      noLimit:
        share.listingDay <= tradingDay &&
        priceLimitRatio(share.board, share.isSt, { onDay: tradingDay, listingDay: share.listingDay }) ===
          null,
      price,
      chgPct: quote?.chgPct ?? null,
      sinceListingPct: price !== null && firstDayClose ? price / firstDayClose - 1 : null,
    };
  }

  /** The listing day's bar when the stored history reaches back to it (it never changes once stored). */
  async function firstBar(share: Instrument): Promise<DayBarRow | null> {
    if (firstBars.has(share.code)) return firstBars.get(share.code) ?? null;
    const rows = (await series.readSeries(share.code, 'day')) as DayBarRow[];
    const first = rows[0]?.[0] === share.listingDay ? (rows[0] ?? null) : null;
    if (rows.length > 0) firstBars.set(share.code, first);
    return first;
  }
}

export type ConnectService = ReturnType<typeof createConnectService>;
