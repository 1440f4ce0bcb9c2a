import { Codes, type DataSource, type DatasOf, type stockEndpoints } from '@zhicai/contract';
import type { DayBarRow, InstrumentType } from '@zhicai/domain';
import { AppError } from '../../http/app-error.ts';
import type { Instrument } from '../../market/instrument-directory.ts';
import { indexTypes, requireInstrument, stockTypes } from '../../market/instrument-lookup.ts';
import type { Market } from '../../market/market.ts';
import { orderBook } from '../../market/order-book.ts';
import { lotSize, range52Weeks, trailingDividendYield, volumeRatio } from './handicap.ts';
import {
  type ClosePoint,
  closeOnOrBefore,
  closesOf,
  forwardPe,
  profitGrowth,
  type RatioKind,
  type ReportFigures,
  round,
  type ValuationPoint,
  type ValuationYears,
  valuationHistory,
  valuationMessage,
  valuationWindow,
  weeklySample,
  weightedValuation,
  withLiveClose,
} from './valuation.ts';

type Datas<Name extends keyof typeof stockEndpoints> = DatasOf<(typeof stockEndpoints)[Name]>;

/** An index's valuation reads its heaviest members only: they carry nearly all of the weight. */
const indexValuationMembers = 50;

const compareCatalog: Datas<'industryCompareDetail'>['catalog'] = [
  { optname: '总市值', key: 'marketCap', unit: 'yuan' },
  { optname: '市盈率', key: 'pe', unit: 'times' },
  { optname: '市净率', key: 'pb', unit: 'times' },
  { optname: '净资产收益率', key: 'roe', unit: 'ratio' },
  { optname: '营收同比', key: 'revenueYoy', unit: 'ratio' },
  { optname: '毛利率', key: 'grossMargin', unit: 'ratio' },
];

/** Stored bars the 盘口 figures need: more than a year of trading days. */
const handicapBars = 300;
/** Codes whose 盘口 history is kept in memory: the pages people have open. */
const handicapCacheSize = 500;

interface HandicapHistory {
  bars: DayBarRow[];
  shareChanges: [number, number][];
  report: (ReportFigures & { operating_cash_flow_ttm: number }) | undefined;
}

/** Instruments with an order book: shares and exchange-traded funds. */
const handicapTypes: readonly InstrumentType[] = [...stockTypes, 'fund_onside'];

/**
 * Whether the quotes reach the user late: an import serves vendor files, which are end-of-day or
 * delayed data, not a feed; the demo market generates its quotes as its clock runs, so they are
 * current. A real vendor adapter with a delayed Hong Kong feed would say so here.
 */
function quotesDelayed(source: DataSource): boolean {
  return source === 'import';
}

/** YYYYMMDD → YYYY-MM-DD. */
function isoDay(day: number): string {
  const text = String(day);
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

/**
 * The ratios of a stock's latest report that 行业对比 and 个股对比 show: ROE as trailing net profit
 * over equity, revenue growth against the TTM revenue four quarters earlier, gross margin.
 */
export function fundamentalRatios(reports: readonly (ReportFigures & { gross_margin: number })[]): {
  roe: number | null;
  revenueYoy: number | null;
  grossMargin: number | null;
} {
  const latest = reports.at(-1);
  const yearAgo = reports.at(-5);
  return {
    roe: latest && latest.equity > 0 ? round(latest.net_profit_ttm / latest.equity, 4) : null,
    revenueYoy:
      latest && yearAgo && yearAgo.revenue_ttm > 0
        ? round(latest.revenue_ttm / yearAgo.revenue_ttm - 1, 4)
        : null,
    grossMargin: latest?.gross_margin ?? null,
  };
}

export function createStockService(market: Market) {
  const { directory, engine, repositories } = market;
  const { series, companyReports, corporateActions } = repositories;

  function requireStock(code: string): Instrument {
    return requireInstrument(directory, code, stockTypes, '股票');
  }

  /** A stock's SW industries, level 1 first, as { code, name, level }. */
  function swIndustries(instrument: Instrument): { code: string; name: string; level: number }[] {
    return instrument.swPath.flatMap((code) => {
      const node = directory.swIndustry(code);
      return node ? [node] : [];
    });
  }

  /** Stored closes, with today's live price as the last point once a session is under way. */
  async function closesWithQuote(code: string): Promise<ClosePoint[]> {
    return withLiveClose(closesOf(await series.readSeries(code, 'day')), engine.quote(code));
  }

  async function stockHistory(instrument: Instrument, kind: RatioKind): Promise<ValuationPoint[]> {
    if (!instrument.totalShares) return [];
    const [closes, reports] = await Promise.all([
      closesWithQuote(instrument.code),
      companyReports.listFundamentals(instrument.code),
    ]);
    return valuationHistory(closes, reports, instrument.totalShares, kind);
  }

  async function indexHistory(instrument: Instrument): Promise<ValuationPoint[]> {
    const days = weeklySample(closesOf(await series.readSeries(instrument.code, 'day')));
    const members = directory.membersOf(instrument.code).slice(0, indexValuationMembers);
    const memberValues = await Promise.all(
      members.map(async (member) => {
        const stock = directory.get(member.code);
        if (!stock?.totalShares) return { weight: member.weight, values: [] };
        const closes = closesOf(await series.readSeries(member.code, 'day'));
        const reports = await companyReports.listFundamentals(member.code);
        const sampled = days.flatMap((point) => {
          const close = closeOnOrBefore(closes, point.day);
          // A member not yet listed on that day has no close and no PE.
          return close === null || (closes[0]?.day ?? Infinity) > point.day
            ? []
            : [{ day: point.day, close }];
        });
        const byDay = new Map(
          valuationHistory(sampled, reports, stock.totalShares, 'pe').map((point) => [
            point.day,
            point.value,
          ]),
        );
        return { weight: member.weight, values: days.map((point) => byDay.get(point.day) ?? null) };
      }),
    );
    const values = weightedValuation(memberValues, days.length);
    return days.map((point, index) => ({ day: point.day, close: point.close, value: values[index] ?? null }));
  }

  async function latestReport(
    code: string,
  ): Promise<(ReportFigures & { operating_cash_flow_ttm: number }) | undefined> {
    return (await companyReports.listFundamentals(code)).at(-1);
  }

  /**
   * What the 盘口 figures read from SQL: the last year of bars, share changes and the latest report.
   * The web asks on every tick, and these change only when the market rolls to a new day, so they
   * are kept per code and trading day (the most recently asked codes only).
   */
  const handicapCache = new Map<string, { day: number; history: Promise<HandicapHistory> }>();
  function handicapHistory(code: string, day: number): Promise<HandicapHistory> {
    const cached = handicapCache.get(code);
    if (cached && cached.day === day) {
      // Re-inserted, so the Map's order is least recently used first.
      handicapCache.delete(code);
      handicapCache.set(code, cached);
      return cached.history;
    }
    const history = (async () => {
      const [bars, shareChanges, report] = await Promise.all([
        series.readSeries(code, 'day') as Promise<DayBarRow[]>,
        corporateActions.readShareChanges(code),
        latestReport(code),
      ]);
      // A year and a few days cover the 52 weeks, 量比's five days and the trailing dividends.
      return { bars: bars.slice(-handicapBars), shareChanges, report };
    })();
    history.catch(() => handicapCache.delete(code));
    handicapCache.delete(code);
    handicapCache.set(code, { day, history });
    for (const oldest of handicapCache.keys()) {
      if (handicapCache.size <= handicapCacheSize) break;
      handicapCache.delete(oldest);
    }
    return history;
  }

  return {
    async baseInfo(code: string): Promise<Datas<'stockBaseInfo'>> {
      const instrument = requireStock(code);
      const quote = engine.quote(instrument.code);
      const report = await latestReport(instrument.code);
      const cap = quote?.marketCap ?? null;
      const ratio = (denominator: number | undefined) =>
        cap !== null && denominator !== undefined && denominator > 0 ? round(cap / denominator, 2) : null;
      const peWindow = valuationWindow(await stockHistory(instrument, 'pe'), '5Y');
      // The stock's SW industries from level 1 down, then every other index that holds it. Levels 2
      // and 3 are classifications without an index series, but they are SW industries all the same.
      const indexList: Datas<'stockBaseInfo'>['indexList'] = swIndustries(instrument).map((node) => ({
        ...node,
        capitalOrIndex: 'index_hy',
      }));
      for (const membership of directory.indicesOf(instrument.code)) {
        const index = directory.get(membership.code);
        if (!index || instrument.swPath.includes(index.code)) continue;
        // Indices outside the SW tree (broad, concept, theme) have no level; they are listed at 1.
        indexList.push({ code: index.code, name: index.name, level: 1, capitalOrIndex: index.type });
      }
      return {
        name: instrument.name,
        pepb: {
          pe: quote?.pe ?? null,
          pb: quote?.pb ?? null,
          ps: ratio(report?.revenue_ttm),
          pcf: ratio(report?.operating_cash_flow_ttm),
        },
        indexGZPer: peWindow.current === null ? null : peWindow.currentPercentile,
        indexList,
        totalShare: instrument.totalShares,
      };
    },

    /**
     * The header's 盘口 figures, from the live quote of this moment: the web asks again on every
     * tick, so the book and the price it shows belong to the same quote.
     */
    async handicap(code: string): Promise<Datas<'handicap'>> {
      const instrument = requireInstrument(directory, code, handicapTypes, '股票或场内基金');
      const quote = engine.quote(instrument.code);
      if (!quote) throw new AppError(Codes.notFound, `${code} 暂无行情`, 404);
      const { bars, shareChanges, report } = await handicapHistory(instrument.code, quote.tradingDay);
      const lot = lotSize(instrument.code, instrument.market, quote.price);
      const book = orderBook(quote, lot, instrument.market);
      const range = range52Weeks(quote, bars);
      const shares = instrument.totalShares;
      return {
        code: instrument.code,
        time: quote.time,
        price: quote.price,
        ...book,
        volumeRatio: volumeRatio(quote, bars, instrument.market),
        high52w: range.high,
        low52w: range.low,
        eps: report && shares ? round(report.net_profit_ttm / shares, 3) : null,
        dividendYield:
          instrument.type === 'fund_onside' ? null : trailingDividendYield(quote, bars, shareChanges),
        lotSize: lot,
        currency: instrument.market === 'hk' ? 'HKD' : 'CNY',
        delayed: quotesDelayed(engine.source),
      };
    },

    async intro(code: string): Promise<Datas<'stockIntro'>> {
      const instrument = requireStock(code);
      const profile = instrument.profile.kind === 'company' ? instrument.profile : null;
      const concepts = directory
        .indicesOf(instrument.code)
        .map((membership) => directory.get(membership.code))
        .filter((index): index is Instrument => index?.type === 'index_gn');
      return {
        basic: {
          name: instrument.name,
          fullName: profile?.fullName ?? instrument.name,
          area: profile?.area ?? '',
          holder: profile?.holder ?? '',
          holderTop1Pct: profile?.holderTop1Pct ?? null,
          briefing: profile?.briefing ?? '',
          mainBusiness: profile?.mainBusiness ?? '',
          chairman: profile?.chairman ?? '',
          listingDate: instrument.listingDay,
          employees: profile?.employees ?? null,
          website: profile?.website ?? '',
        },
        industry: { industrys: swIndustries(instrument) },
        concept: { concepts: concepts.map((index) => ({ code: index.code, name: index.name })) },
      };
    },

    async pepb(code: string, kind: RatioKind | 'indexGZPer', years: ValuationYears): Promise<Datas<'pepb'>> {
      const instrument =
        kind === 'indexGZPer' ? requireInstrument(directory, code, indexTypes, '指数') : requireStock(code);
      const history =
        kind === 'indexGZPer' ? await indexHistory(instrument) : await stockHistory(instrument, kind);
      const window = valuationWindow(history, years);
      const quote = engine.quote(instrument.code);
      const reports = kind === 'indexGZPer' ? [] : await companyReports.listFundamentals(instrument.code);
      const report = reports.at(-1);
      const cap = quote?.marketCap ?? null;
      return {
        msg: valuationMessage(kind, years, window.covered, window.current, window.currentPercentile),
        min: window.min,
        max: window.max,
        mid: window.mid === null ? null : round(window.mid, 2),
        catalog: window.catalog,
        // The index valuation is plotted as a plain line: its rows carry x and y only.
        datas: kind === 'indexGZPer' ? window.points.map(({ x, y }) => ({ x, y })) : window.points,
        newest: {
          pe: kind === 'indexGZPer' ? window.current : (quote?.pe ?? null),
          pb: quote?.pb ?? null,
          psTtm: cap !== null && report && report.revenue_ttm > 0 ? round(cap / report.revenue_ttm, 2) : null,
          // zhgz (综合估值): the percentile of the requested valuation within the window.
          zhgz: window.current === null ? null : window.currentPercentile,
          peFor: kind === 'indexGZPer' ? null : forwardPe(quote?.pe ?? null, profitGrowth(reports)),
        },
      };
    },

    async industryCompare(code: string): Promise<Datas<'industryCompareDetail'>> {
      const instrument = requireStock(code);
      const industry = instrument.industry ? directory.get(instrument.industry) : undefined;
      if (!industry) return { total: 0, industry: null, catalog: compareCatalog, list: [] };
      const peers = directory.ofType('capital').filter((stock) => stock.industry === industry.code);
      const rows = await Promise.all(
        peers.map(async (peer) => {
          const quote = engine.quote(peer.code);
          const ratios = fundamentalRatios(await companyReports.listFundamentals(peer.code));
          return {
            code: peer.code,
            name: peer.name,
            marketCap: quote?.marketCap ?? null,
            pe: quote?.pe ?? null,
            pb: quote?.pb ?? null,
            roe: ratios.roe,
            revenueYoy: ratios.revenueYoy,
            grossMargin: ratios.grossMargin,
          };
        }),
      );
      rows.sort((a, b) => (b.marketCap ?? -1) - (a.marketCap ?? -1) || a.code.localeCompare(b.code));
      return {
        total: rows.length,
        industry: { code: industry.code, name: industry.name },
        catalog: compareCatalog,
        list: rows.map((row, index) => ({ ...row, rank: index + 1 })),
      };
    },

    async holderNumbers(code: string): Promise<Datas<'holderNumDetails'>> {
      const instrument = requireStock(code);
      const [reports, rows] = await Promise.all([
        companyReports.listFundamentals(instrument.code),
        series.readSeries(instrument.code, 'day'),
      ]);
      const closes = closesOf(rows);
      const details = reports.map((report, index) => {
        const previous = reports[index - 1];
        return {
          date: report.period,
          holderNum: report.holder_count,
          chgPct: previous?.holder_count ? round(report.holder_count / previous.holder_count - 1, 4) : null,
          avgShares: instrument.totalShares ? Math.round(instrument.totalShares / report.holder_count) : 0,
          price: closeOnOrBefore(closes, report.period),
        };
      });
      // Newest report first, as the page lists them.
      return details.reverse();
    },

    async events(code: string, size: number): Promise<Datas<'eventReminder'>> {
      const instrument = requireStock(code);
      const events = await companyReports.listEvents(instrument.code, size);
      return events.map((event) => ({
        name: event.name,
        content: event.content,
        effectdateMap: { beginDate: isoDay(event.day) },
        tagDescMap: [{ tag: event.tag }],
      }));
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;
