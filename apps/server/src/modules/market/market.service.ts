import {
  type api,
  Codes,
  type DatasOf,
  type IndustryTreeNode,
  type Quote,
  type SearchHit,
} from '@zhicai/contract';
import {
  type DayBarRow,
  type FactorRow,
  headlineIndices,
  riseFallBucket,
  riseFallBucketLabels,
} from '@zhicai/domain';
import { AppError } from '../../http/app-error.ts';
import type { Instrument } from '../../market/instrument-directory.ts';
import { requireInstrument } from '../../market/instrument-lookup.ts';
import type { Market } from '../../market/market.ts';
import { swChildren } from '../../market/providers/demo/sw-industry-tree.ts';
import { connectNow } from './connect/connect.service.ts';

/** Rules of the market group: quotes, K-lines, search, rankings and the overview (issue 4). */

type Datas<E> = E extends import('@zhicai/contract').Endpoint ? DatasOf<E> : never;

/** The main indices of the home strip and the market summary, in display order. */
const headlineIndexCodes = headlineIndices.map((index) => index.code);

export function createMarketService(market: Market) {
  const { directory, engine, repositories, provider } = market;
  const { series, corporateActions } = repositories;

  const hit = (instrument: Instrument): SearchHit => ({
    code: instrument.code,
    name: instrument.name,
    type: instrument.type,
    pinyinInitials: instrument.pinyinInitials,
    delisted: instrument.delistedDay !== null,
  });
  const aShareQuotes = () => engine.allQuotes().filter((quote) => quote.type === 'capital');

  return {
    realTime(codes: readonly string[]): Quote[] {
      return engine.quotes(codes);
    },

    async dayK(code: string): Promise<Datas<typeof api.market.dayKV2>> {
      const instrument = requireInstrument(directory, code);
      if (instrument.series !== 'day')
        throw new AppError(Codes.notFound, `${instrument.name} 是场外基金，没有日 K 行情，请查看净值`, 404);
      const rows = (await series.readSeries(instrument.code, 'day')) as DayBarRow[];
      const factors: FactorRow[] = await corporateActions.readFactors(instrument.code);
      // The live session joins the stored history as today's row while a market is open.
      const quote = engine.quote(instrument.code);
      const last = rows.at(-1);
      if (quote && last && quote.tradingDay > last[0] && quote.status !== 'preopen') {
        rows.push([
          quote.tradingDay,
          quote.prevClose,
          quote.open,
          quote.high,
          quote.low,
          quote.status === 'suspended' ? null : quote.price,
          quote.volume,
          quote.amount,
        ]);
      }
      const shares = await corporateActions.readShareChanges(instrument.code);
      return { list: rows, factors, floatShares: shares };
    },

    async minutes(code: string, days: number): Promise<Datas<typeof api.market.subscribeShare>> {
      const instrument = requireInstrument(directory, code);
      const storedBars =
        instrument.series === 'day'
          ? ((await series.readRecentRows(instrument.code, 'day', days)) as DayBarRow[])
          : [];
      // An ETF's past days follow its index's minutes, drawn through the index's stored bars.
      const follows =
        instrument.type === 'fund_onside' ? provider.etfTracking?.(instrument.code)?.followsCode : undefined;
      const followedBars =
        follows && follows !== instrument.code
          ? ((await series.readRecentRows(follows, 'day', days)) as DayBarRow[])
          : [];
      return engine.minuteRows(instrument.code, days, storedBars, followedBars);
    },

    search(keyword: string, size: number, filter?: (instrument: Instrument) => boolean): SearchHit[] {
      return directory.search(keyword, size, filter).map(hit);
    },

    searchGrouped(keyword: string, size: number): Datas<typeof api.market.searchV4> {
      const of = (test: (instrument: Instrument) => boolean) =>
        directory.search(keyword, size, test).map(hit);
      return {
        stocks: of((instrument) => instrument.type === 'capital'),
        hk: of((instrument) => instrument.type === 'hk'),
        indices: of((instrument) => instrument.type.startsWith('index_')),
        funds: of((instrument) => instrument.type.startsWith('fund_')),
      };
    },

    names(codes: readonly string[]) {
      return codes.flatMap((code) => {
        const instrument = directory.get(code);
        return instrument ? [directory.ref(instrument)] : [];
      });
    },

    sameIndustry(code: string, size: number): Datas<typeof api.market.sameIndustry> {
      const instrument = requireInstrument(directory, code);
      const industry = instrument.industry ? directory.get(instrument.industry) : undefined;
      if (!industry) return { industry: null, list: [] };
      const members = directory.membersOf(industry.code).map((member) => member.code);
      const list = engine
        .quotes(members)
        .sort((a, b) => (b.chgPct ?? -Infinity) - (a.chgPct ?? -Infinity))
        .slice(0, size);
      return { industry: { code: industry.code, name: industry.name }, list };
    },

    riseFall(sort: 'rise' | 'fall' | 'turnover' | 'amount', size: number): Quote[] {
      const key = (quote: Quote) =>
        sort === 'rise'
          ? (quote.chgPct ?? -Infinity)
          : sort === 'fall'
            ? -(quote.chgPct ?? Infinity)
            : sort === 'turnover'
              ? (quote.turnoverRate ?? -Infinity)
              : quote.amount;
      return aShareQuotes()
        .filter((quote) => quote.status !== 'suspended')
        .sort((a, b) => key(b) - key(a))
        .slice(0, size);
    },

    summary(): Datas<typeof api.market.marketSummary> {
      const counts = new Array<number>(21).fill(0);
      let rise = 0;
      let fall = 0;
      let flat = 0;
      let limitUp = 0;
      let limitDown = 0;
      let amount = 0;
      let tradingDay = 0;
      for (const quote of aShareQuotes()) {
        if (quote.status === 'suspended' || quote.chgPct === null || quote.price === null) continue;
        tradingDay = Math.max(tradingDay, quote.tradingDay);
        const limit =
          quote.limitUp !== null && quote.price >= quote.limitUp
            ? 'up'
            : quote.limitDown !== null && quote.price <= quote.limitDown
              ? 'down'
              : null;
        if (limit === 'up') limitUp += 1;
        if (limit === 'down') limitDown += 1;
        const bucket = riseFallBucket(quote.chgPct, limit);
        counts[bucket] = (counts[bucket] ?? 0) + 1;
        if (quote.chgPct > 0) rise += 1;
        else if (quote.chgPct < 0) fall += 1;
        else flat += 1;
        amount += quote.amount;
      }
      return {
        tradingDay: tradingDay || engine.clockOf('cn').tradingDay,
        rise_fall_stat: {
          r: rise,
          f: fall,
          p: flat,
          list: riseFallBucketLabels.map((name, index) => ({ name, value: counts[index] ?? 0 })),
        },
        limitUp,
        limitDown,
        amount,
        indices: engine.quotes(headlineIndexCodes),
      };
    },

    /** Plates (SW level-1 industries or concepts) with the members' breadth and leader. */
    plates(kind: 'industry' | 'concept', ascending: boolean) {
      const plates = directory.ofType(kind === 'industry' ? 'index_hy' : 'index_gn');
      const rows = plates.map((plate) => {
        const quote = engine.quote(plate.code);
        const members = engine.quotes(directory.membersOf(plate.code).map((member) => member.code));
        const sorted = members
          .filter((member) => member.chgPct !== null)
          .sort((a, b) => (b.chgPct ?? 0) - (a.chgPct ?? 0));
        const leader = ascending ? sorted.at(-1) : sorted[0];
        return {
          code: plate.code,
          name: plate.name,
          chgPct: quote?.chgPct ?? null,
          riseCount: members.filter((member) => (member.chgPct ?? 0) > 0).length,
          fallCount: members.filter((member) => (member.chgPct ?? 0) < 0).length,
          amount: members.reduce((sum, member) => sum + member.amount, 0),
          leader: leader ? { code: leader.code, name: leader.name, chgPct: leader.chgPct } : null,
        };
      });
      rows.sort((a, b) => (ascending ? 1 : -1) * ((a.chgPct ?? 0) - (b.chgPct ?? 0)));
      return rows;
    },

    levelTree(): IndustryTreeNode[] {
      // The SW classification as the market holds it: every level-1 index, and below it the
      // levels 2 and 3 that at least one stock is classified in, in the SW tree's order.
      const used = new Set(directory.ofType('capital').flatMap((stock) => stock.swPath));
      const node = (code: string, level: number, name: string): IndustryTreeNode => ({
        code,
        name,
        level,
        children:
          level < 3
            ? swChildren(code)
                .filter((child) => used.has(child.code))
                .map((child) => node(child.code, child.level, child.name))
            : [],
      });
      return directory.ofType('index_hy').map((industry) => node(industry.code, 1, industry.name));
    },

    /** Today's stock-connect figures from the quotes (connect/connect-flow-model.ts holds how). */
    connect(direction: 'north' | 'south') {
      return connectNow(market, direction);
    },
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
