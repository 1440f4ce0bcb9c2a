import {
  type api,
  Codes,
  type DatasOf,
  type IndustryGroupCode,
  industryGroupTable,
  type PlateKind,
  type PlateMember,
  type PlateSummary,
  type Quote,
} from '@zhicai/contract';
import type { DayBarRow } from '@zhicai/domain';
import { AppError } from '../../../http/app-error.ts';
import type { Instrument } from '../../../market/instrument-directory.ts';
import { requireInstrument } from '../../../market/instrument-lookup.ts';
import type { Market } from '../../../market/market.ts';
import {
  type ClosePoint,
  closeOnOrBefore,
  closesOf,
  round,
  valuationHistory,
  valuationWindow,
  weeklySample,
  weightedValuation,
} from '../../stock/valuation.ts';
import { createMarketService } from '../market.service.ts';
import { byMomentum, momentumSessions, type PlateMomentum, plateMomentum } from './plate-momentum.ts';

type Datas<E> = E extends import('@zhicai/contract').Endpoint ? DatasOf<E> : never;

/** The plate index types: SW level-1 industries and concepts. */
const plateTypes = { industry: 'index_hy', concept: 'index_gn' } as const;

/** Leaders and laggards a plate's detail names. */
const leaderCount = 3;

/**
 * An index's valuation reads its heaviest members only (as stock.pepb's index valuation does, so the
 * industry's PE here is the PE the index page shows).
 */
const valuationMembers = 50;

/** Sessions the analysis trend covers. */
const trendSessions = 20;

const plateKindOf = (instrument: Instrument): PlateKind =>
  instrument.type === 'index_gn' ? 'concept' : 'industry';

const groupOfIndustry = new Map<string, { code: IndustryGroupCode; name: string }>(
  industryGroupTable.flatMap((group) =>
    group.industries.map((code) => [code, { code: group.code, name: group.name }] as const),
  ),
);

/** By change, best first; members without a change last. */
const byChange = (a: { chgPct: number | null }, b: { chgPct: number | null }) =>
  (b.chgPct ?? -Infinity) - (a.chgPct ?? -Infinity);

/**
 * A region's change by the index rule with free-float weights (index-composition.ts): Σ q·price ÷
 * Σ q·prevClose − 1, q = free-float shares (float market value ÷ price). A suspended member counts at
 * its previous close; a member without a price or float is left out of both sums.
 */
export function regionChange(members: readonly Quote[]): number | null {
  let now = 0;
  let before = 0;
  for (const member of members) {
    if (member.prevClose === null || member.floatMarketCap === null || !member.price) continue;
    const quantity = member.floatMarketCap / member.price;
    now += quantity * (member.status === 'suspended' ? member.prevClose : member.price);
    before += quantity * member.prevClose;
  }
  return before > 0 ? round(now / before - 1, 6) : null;
}

/**
 * 找行业 and the plate pages (spec 2 §2.2 "Industry"): every figure is read from the quote engine
 * and the stored series the other market screens read, so a plate's change is its index quote's
 * change, its members are the index constituents and its amount the members' sum.
 */
export function createIndustryService(market: Market) {
  const { directory, engine, provider, repositories } = market;
  const { series, companyReports } = repositories;
  const marketService = createMarketService(market);

  function requirePlate(code: string): Instrument {
    return requireInstrument(directory, code, ['index_hy', 'index_gn'], '行业或概念板块');
  }

  function memberQuotes(plateCode: string): { weight: number; quote: Quote }[] {
    const memberships = directory.membersOf(plateCode);
    const quotes = new Map(
      engine.quotes(memberships.map((member) => member.code)).map((quote) => [quote.code, quote]),
    );
    return memberships.flatMap((member) => {
      const quote = quotes.get(member.code);
      return quote ? [{ weight: member.weight, quote }] : [];
    });
  }

  function summaryOf(plate: Instrument, members = memberQuotes(plate.code)): PlateSummary {
    const quote = engine.quote(plate.code);
    const ranked = members
      .map((member) => member.quote)
      .filter((member) => member.chgPct !== null && member.status !== 'suspended')
      .sort(byChange);
    const stock = (member: Quote | undefined) =>
      member ? { code: member.code, name: member.name, chgPct: member.chgPct } : null;
    let riseCount = 0;
    let fallCount = 0;
    let flatCount = 0;
    let amount = 0;
    for (const { quote: member } of members) {
      amount += member.amount;
      if ((member.chgPct ?? 0) > 0) riseCount += 1;
      else if ((member.chgPct ?? 0) < 0) fallCount += 1;
      else flatCount += 1;
    }
    return {
      code: plate.code,
      name: plate.name,
      kind: plateKindOf(plate),
      price: quote?.price ?? null,
      chgPct: quote?.chgPct ?? null,
      riseCount,
      fallCount,
      flatCount,
      amount,
      leader: stock(ranked[0]),
      laggard: ranked.length > 1 ? stock(ranked.at(-1)) : null,
    };
  }

  function memberRow({ weight, quote }: { weight: number; quote: Quote }): PlateMember {
    return {
      code: quote.code,
      name: quote.name,
      weight: round(weight, 6),
      price: quote.price,
      chgPct: quote.chgPct,
      amount: quote.amount,
      turnoverRate: quote.turnoverRate,
      marketCap: quote.marketCap,
    };
  }

  function breadthOf(members: readonly { quote: Quote }[]) {
    let rise = 0;
    let fall = 0;
    let flat = 0;
    let limitUp = 0;
    let limitDown = 0;
    for (const { quote } of members) {
      const change = quote.chgPct ?? 0;
      if (change > 0) rise += 1;
      else if (change < 0) fall += 1;
      else flat += 1;
      if (quote.price !== null && quote.limitUp !== null && quote.price >= quote.limitUp) limitUp += 1;
      if (quote.price !== null && quote.limitDown !== null && quote.price <= quote.limitDown) limitDown += 1;
    }
    return { rise, fall, flat, limitUp, limitDown };
  }

  /** ETFs (not LOF listings) whose tracked index, as their NAV follows it, is one of `indexCodes`. */
  function etfsTracking(indexCodes: ReadonlySet<string>) {
    const etfs = directory.ofType('fund_onside').flatMap((etf) => {
      if (etf.board === 'lof') return [];
      const indexCode = provider.etfTracking?.(etf.code)?.indexCode ?? null;
      const index = indexCode && indexCodes.has(indexCode) ? directory.get(indexCode) : undefined;
      return index ? [{ etf, index }] : [];
    });
    const quotes = new Map(
      engine.quotes(etfs.map(({ etf }) => etf.code)).map((quote) => [quote.code, quote]),
    );
    return etfs
      .map(({ etf, index }) => {
        const quote = quotes.get(etf.code);
        return {
          code: etf.code,
          name: etf.name,
          price: quote?.price ?? null,
          chgPct: quote?.chgPct ?? null,
          amount: quote?.amount ?? 0,
          index: { code: index.code, name: index.name },
        };
      })
      .sort((a, b) => b.amount - a.amount || a.code.localeCompare(b.code));
  }

  /** The plate's closes (ending with the live price) and finished sessions' amounts. */
  function momentumOf(plateCode: string, rows: readonly DayBarRow[]): PlateMomentum {
    const quote = engine.quote(plateCode);
    const finished = quote ? rows.filter((row) => row[0] < quote.tradingDay) : [...rows];
    const closes = finished.flatMap((row) => (row[5] === null ? [] : [row[5]]));
    if (quote?.price != null && quote.status !== 'preopen') closes.push(quote.price);
    return plateMomentum(
      closes,
      finished.map((row) => row[7] ?? 0),
    );
  }

  const momentumRows = 2 * momentumSessions + 2;

  /**
   * PE and PB of an index on each weekly point: the weighted mean of its heaviest members' ratios,
   * the rule stock.pepb applies to an index (its PE here equals the index page's).
   */
  async function indexValuations(plate: Instrument) {
    const days = weeklySample(closesOf(await series.readSeries(plate.code, 'day')));
    const members = directory.membersOf(plate.code).slice(0, valuationMembers);
    const memberValues = await Promise.all(
      members.map(async (member) => {
        const stock = directory.get(member.code);
        if (!stock?.totalShares) return { weight: member.weight, pe: [], pb: [] };
        const closes = closesOf(await series.readSeries(member.code, 'day'));
        const reports = await companyReports.listFundamentals(member.code);
        const sampled: ClosePoint[] = days.flatMap((point) => {
          const close = closeOnOrBefore(closes, point.day);
          return close === null || (closes[0]?.day ?? Infinity) > point.day
            ? []
            : [{ day: point.day, close }];
        });
        const valuesOf = (kind: 'pe' | 'pb') => {
          const byDay = new Map(
            valuationHistory(sampled, reports, stock.totalShares ?? 0, kind).map((point) => [
              point.day,
              point.value,
            ]),
          );
          return days.map((point) => byDay.get(point.day) ?? null);
        };
        return { weight: member.weight, pe: valuesOf('pe'), pb: valuesOf('pb') };
      }),
    );
    const historyOf = (kind: 'pe' | 'pb') => {
      const values = weightedValuation(
        memberValues.map((member) => ({ weight: member.weight, values: member[kind] })),
        days.length,
      );
      return days.map((point, index) => ({
        day: point.day,
        close: point.close,
        value: values[index] ?? null,
      }));
    };
    return { pe: valuationWindow(historyOf('pe'), '5Y'), pb: valuationWindow(historyOf('pb'), '5Y') };
  }

  return {
    plateList(
      kind: PlateKind,
      sort: 'chgPct' | 'amount' | 'riseRatio',
      order: 'desc' | 'asc',
    ): Datas<typeof api.market.plateList> {
      const rows = directory.ofType(plateTypes[kind]).map((plate) => summaryOf(plate));
      const key = (row: PlateSummary) =>
        sort === 'amount'
          ? row.amount
          : sort === 'riseRatio'
            ? row.riseCount / Math.max(1, row.riseCount + row.fallCount + row.flatCount)
            : (row.chgPct ?? -Infinity);
      const sign = order === 'desc' ? -1 : 1;
      rows.sort((a, b) => sign * (key(a) - key(b)) || a.code.localeCompare(b.code));
      return { tradingDay: engine.clockOf('cn').tradingDay, list: rows };
    },

    async plateDetail(code: string): Promise<Datas<typeof api.market.plateDetail>> {
      const plate = requirePlate(code);
      const quote = engine.quote(plate.code);
      if (!quote) throw new AppError(Codes.notFound, `${plate.name} 暂无行情`, 404);
      const members = memberQuotes(plate.code);
      const rows = members.map(memberRow).sort(byChange);
      const tradable = rows.filter((row) => row.chgPct !== null);
      const bars = (await series.readRecentRows(plate.code, 'day', momentumRows)) as DayBarRow[];
      return {
        plate: summaryOf(plate, members),
        quote,
        breadth: breadthOf(members),
        members: rows,
        leaders: tradable.slice(0, leaderCount),
        laggards: tradable.slice(-leaderCount).reverse(),
        etfs: etfsTracking(new Set([plate.code])),
        momentum: momentumOf(plate.code, bars),
        group: groupOfIndustry.get(plate.code) ?? null,
      };
    },

    async industryAnalysis(code: string): Promise<Datas<typeof api.market.industryAnalysis>> {
      const plate = requirePlate(code);
      const members = memberQuotes(plate.code);
      const summary = summaryOf(plate, members);
      const { pe, pb } = await indexValuations(plate);
      let floatCap = 0;
      let tradedAmount = 0;
      for (const { quote } of members) {
        if (quote.floatMarketCap === null) continue;
        floatCap += quote.floatMarketCap;
        tradedAmount += quote.amount;
      }
      const marketAmount = marketService.summary().amount;
      // The market's amount of a stored day is the sum over the SW level-1 indices: every A-share
      // belongs to one industry, and an index's amount is its members' sum.
      const industries = directory.ofType('index_hy').map((industry) => industry.code);
      const stored = await series.readRecentRowsOf(industries, 'day', trendSessions);
      const marketByDay = new Map<number, number>();
      for (const rows of stored.values())
        for (const row of rows as DayBarRow[])
          marketByDay.set(row[0], (marketByDay.get(row[0]) ?? 0) + (row[7] ?? 0));
      const own = (stored.get(plate.code) ??
        ((await series.readRecentRows(plate.code, 'day', trendSessions)) as unknown[][])) as DayBarRow[];
      const quote = engine.quote(plate.code);
      const trend = own.map((row) => {
        const total = marketByDay.get(row[0]) ?? 0;
        const amount = row[7] ?? 0;
        return {
          day: row[0],
          close: row[5],
          amount,
          marketAmount: total,
          share: total > 0 ? round(amount / total, 6) : null,
        };
      });
      if (quote && quote.status !== 'preopen' && quote.tradingDay > (trend.at(-1)?.day ?? 0)) {
        trend.push({
          day: quote.tradingDay,
          close: quote.price,
          amount: summary.amount,
          marketAmount,
          share: marketAmount > 0 ? round(summary.amount / marketAmount, 6) : null,
        });
      }
      return {
        plate: summary,
        valuation: {
          pe: pe.current,
          pePercentile: pe.current === null ? null : pe.currentPercentile,
          pb: pb.current,
          pbPercentile: pb.current === null ? null : pb.currentPercentile,
          since: pe.points[0] ? Number(pe.points[0].x) : null,
        },
        breadth: breadthOf(members),
        // Turnover of a plate: the members' amount over their float market value.
        turnoverRate: floatCap > 0 ? round(tradedAmount / floatCap, 6) : null,
        marketAmount,
        amountShare: marketAmount > 0 ? round(summary.amount / marketAmount, 6) : null,
        trend: trend.slice(-trendSessions),
      };
    },

    async tuyereList(): Promise<Datas<typeof api.market.tuyereList>> {
      const concepts = directory.ofType('index_gn');
      const bars = await series.readRecentRowsOf(
        concepts.map((plate) => plate.code),
        'day',
        momentumRows,
      );
      const list = concepts.map((plate) => ({
        ...summaryOf(plate),
        momentum: momentumOf(plate.code, (bars.get(plate.code) ?? []) as DayBarRow[]),
      }));
      return { list: list.sort(byMomentum) };
    },

    /** 地域 plates, best change first: the listed A-shares grouped by their company's area. */
    regionPlates(): Datas<typeof api.market.regionPlates> {
      const byArea = new Map<string, Quote[]>();
      const quotes = new Map(
        engine
          .allQuotes()
          .filter((quote) => quote.type === 'capital')
          .map((quote) => [quote.code, quote]),
      );
      for (const stock of directory.ofType('capital')) {
        const profile = stock.profile;
        const quote = quotes.get(stock.code);
        if (profile.kind !== 'company' || !profile.area || !quote) continue;
        const members = byArea.get(profile.area) ?? [];
        members.push(quote);
        byArea.set(profile.area, members);
      }
      const list = [...byArea].map(([name, members]) => {
        const ranked = members
          .filter((member) => member.chgPct !== null && member.status !== 'suspended')
          .sort(byChange);
        const stock = (member: Quote | undefined) =>
          member ? { code: member.code, name: member.name, chgPct: member.chgPct } : null;
        return {
          name,
          chgPct: regionChange(members),
          riseCount: members.filter((member) => (member.chgPct ?? 0) > 0).length,
          fallCount: members.filter((member) => (member.chgPct ?? 0) < 0).length,
          flatCount: members.filter((member) => (member.chgPct ?? 0) === 0).length,
          amount: members.reduce((sum, member) => sum + member.amount, 0),
          leader: stock(ranked[0]),
          laggard: ranked.length > 1 ? stock(ranked.at(-1)) : null,
        };
      });
      return { list: list.sort((a, b) => byChange(a, b) || a.name.localeCompare(b.name, 'zh-CN')) };
    },

    industryGroups(): Datas<typeof api.market.industryGroups> {
      return {
        list: industryGroupTable.map((group) => {
          const industries = group.industries
            .flatMap((code) => {
              const industry = directory.get(code);
              return industry ? [summaryOf(industry)] : [];
            })
            .sort(byChange);
          const changes = industries.flatMap((row) => (row.chgPct === null ? [] : [row.chgPct]));
          const leaders = industries.flatMap((row) => (row.leader ? [row.leader] : [])).sort(byChange);
          return {
            code: group.code,
            name: group.name,
            note: group.note,
            // Equal weight: a group reads as its industries' typical day, not its largest one's.
            chgPct: changes.length ? round(changes.reduce((a, b) => a + b, 0) / changes.length, 6) : null,
            amount: industries.reduce((sum, row) => sum + row.amount, 0),
            riseCount: industries.reduce((sum, row) => sum + row.riseCount, 0),
            fallCount: industries.reduce((sum, row) => sum + row.fallCount, 0),
            industries,
            leader: leaders[0] ?? null,
          };
        }),
      };
    },

    industryGroupEtfs(code: IndustryGroupCode): Datas<typeof api.market.industryGroupEtfs> {
      const group = industryGroupTable.find((candidate) => candidate.code === code);
      // The contract's enum admits only the table's codes.
      if (!group) throw new Error(`unknown industry group ${code}`);
      return {
        group: { code: group.code, name: group.name },
        list: etfsTracking(new Set<string>(group.industries)),
      };
    },
  };
}

export type IndustryService = ReturnType<typeof createIndustryService>;
