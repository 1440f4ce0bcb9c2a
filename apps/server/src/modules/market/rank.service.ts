import type { api, DatasOf } from '@zhicai/contract';
import { Codes } from '@zhicai/contract';
import { fundPeriodReturns, navOnOrBefore, periodReturn } from '@zhicai/domain';
import { AppError } from '../../http/app-error.ts';
import type { Market } from '../../market/market.ts';

/** Stored NAV rows [day, unit NAV, accumulated NAV] as the fund-return rules read them. */
function navsOf(rows: readonly (readonly unknown[])[]): { day: number; unit: number; accum: number }[] {
  return (rows as readonly [number, number, number][]).map(([day, unit, accum]) => ({ day, unit, accum }));
}

/** The ranking lists of /rankList (getRankNames, getRank): stocks, ETFs and funds, fund managers. */

type RankNames = DatasOf<typeof api.market.getRankNames>;
type RankPage = DatasOf<typeof api.market.getRank>;
type RankRow = RankPage['list'][number];

export const rankNames: RankNames = [
  { id: 'stock-rise', name: '涨幅榜', kind: 'stock', sortLabel: '涨跌幅', figure: 'chgPct' },
  { id: 'stock-turnover', name: '换手率榜', kind: 'stock', sortLabel: '换手率', figure: 'rate' },
  { id: 'stock-amount', name: '成交额榜', kind: 'stock', sortLabel: '成交额', figure: 'amount' },
  { id: 'stock-marketcap', name: '市值榜', kind: 'stock', sortLabel: '总市值', figure: 'amount' },
  { id: 'etf-rise', name: 'ETF 涨幅榜', kind: 'fund', sortLabel: '涨跌幅', figure: 'chgPct' },
  { id: 'etf-amount', name: 'ETF 成交额榜', kind: 'fund', sortLabel: '成交额', figure: 'amount' },
  { id: 'fund-return-1y', name: '基金近1年收益榜', kind: 'fund', sortLabel: '近1年', figure: 'gain' },
  { id: 'fund-return-3m', name: '基金近3月收益榜', kind: 'fund', sortLabel: '近3月', figure: 'gain' },
  {
    id: 'manager-return',
    name: '基金经理任职回报榜',
    kind: 'manager',
    sortLabel: '任职回报',
    figure: 'gain',
  },
];

const dayMs = 24 * 60 * 60 * 1000;

/** Years from one day number (YYYYMMDD) to another, one decimal. */
function yearsBetween(from: number, to: number): number {
  const ms = (day: number) => Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100);
  return Math.max(0, Math.round(((ms(to) - ms(from)) / dayMs / 365.25) * 10) / 10);
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

export function createRankService(market: Market) {
  const { directory, engine, repositories } = market;
  const { series, fundManagers } = repositories;
  // Fund returns read NAV histories; they change once a day, so they are computed once per NAV day.
  let fundReturns: { day: number; returns: Map<string, { m3: number | null; y1: number | null }> } | null =
    null;

  async function returnsOfFunds() {
    const funds = directory.ofType('fund_outside', 'fund_lof');
    const day = Math.max(
      0,
      ...engine.quotes(funds.map((fund) => fund.code)).map((quote) => quote.tradingDay),
    );
    if (fundReturns && fundReturns.day === day) return fundReturns.returns;
    const returns = new Map<string, { m3: number | null; y1: number | null }>();
    for (const fund of funds) {
      // The same rule and series as the fund page's return grid, so the two show one figure.
      const { m3, y1 } = fundPeriodReturns(navsOf(await series.readSeries(fund.code, 'nav')));
      returns.set(fund.code, { m3, y1 });
    }
    fundReturns = { day, returns };
    return returns;
  }

  return {
    names(kind?: string): RankNames {
      return kind ? rankNames.filter((name) => name.kind === kind) : rankNames;
    },
    async rank(
      id: string,
      industry: string | undefined,
      order: 'desc' | 'asc',
      page: number,
      size: number,
    ): Promise<RankPage> {
      const definition = rankNames.find((name) => name.id === id);
      if (!definition) throw new AppError(Codes.notFound, `没有名为 ${id} 的排行榜`, 404);
      let rows: Omit<RankRow, 'rank'>[];
      if (definition.kind === 'stock' || id.startsWith('etf-')) {
        const type = id.startsWith('etf-') ? 'fund_onside' : 'capital';
        const members = industry ? new Set(directory.membersOf(industry).map((member) => member.code)) : null;
        const field = id.endsWith('rise')
          ? 'chgPct'
          : id.endsWith('turnover')
            ? 'turnoverRate'
            : id.endsWith('amount')
              ? 'amount'
              : 'marketCap';
        rows = engine
          .allQuotes()
          .filter(
            (quote) =>
              quote.type === type &&
              quote.status !== 'suspended' &&
              (!members || members.has(quote.code)) &&
              // LOFs trade on the exchange too (type fund_onside, board lof), but they are no ETFs.
              (type !== 'fund_onside' || directory.get(quote.code)?.board !== 'lof'),
          )
          .map((quote) => ({
            code: quote.code,
            name: quote.name,
            type: quote.type,
            value: quote[field],
            price: quote.price,
            chgPct: quote.chgPct,
            subtitle:
              directory.get(directory.get(quote.code)?.industry ?? '')?.name ??
              (type === 'fund_onside' ? '场内基金' : ''),
          }));
      } else if (definition.kind === 'fund') {
        const returns = await returnsOfFunds();
        rows = directory.ofType('fund_outside', 'fund_lof').map((fund) => {
          const quote = engine.quote(fund.code);
          const figures = returns.get(fund.code);
          return {
            code: fund.code,
            name: fund.name,
            type: fund.type,
            value: (id === 'fund-return-1y' ? figures?.y1 : figures?.m3) ?? null,
            price: quote?.price ?? null,
            chgPct: quote?.chgPct ?? null,
            subtitle:
              fund.profile.kind === 'fund' ? `${fund.profile.company} · ${fund.profile.category}` : '',
          };
        });
      } else {
        const terms = await fundManagers.listAllTerms();
        const managers = await fundManagers.listManagers();
        const today = engine.clockOf('cn').tradingDay;
        const navs = new Map<string, ReturnType<typeof navsOf>>();
        rows = [];
        for (const manager of managers) {
          const own = terms.filter((term) => term.manager_id === manager.id);
          const tenure: number[] = [];
          for (const term of own) {
            let rowsOfFund = navs.get(term.fund_code);
            if (!rowsOfFund) {
              rowsOfFund = navsOf(await series.readSeries(term.fund_code, 'nav'));
              navs.set(term.fund_code, rowsOfFund);
            }
            // As the manager page measures a term: from the NAV on or before its first day.
            const start = navOnOrBefore(rowsOfFund, term.start_day) ?? rowsOfFund[0];
            const last = rowsOfFund.at(-1);
            if (start && last) tenure.push(periodReturn(start, last));
          }
          const average = tenure.length
            ? tenure.reduce((sum, value) => sum + value, 0) / tenure.length
            : null;
          // 管理规模: each fund's units at its latest NAV; unknown when any of them lacks either.
          const assets = own.map((term) => {
            const units = directory.get(term.fund_code)?.totalShares;
            const nav = engine.quote(term.fund_code)?.price;
            return units && nav ? units * nav : null;
          });
          const known = assets.filter((value): value is number => value !== null);
          const scale = known.length > 0 && known.length === assets.length ? sum(known) : null;
          rows.push({
            code: manager.id,
            name: manager.name,
            type: null,
            value: average,
            price: null,
            chgPct: null,
            subtitle: `${manager.company}基金 · 在管 ${own.length} 只`,
            manager: { careerYears: yearsBetween(manager.career_start, today), scale, funds: own.length },
          });
        }
      }
      // Rows without the figure (a fund too young for a 1-year return) go last either way.
      rows.sort((a, b) => {
        if (a.value === null) return 1;
        if (b.value === null) return -1;
        return order === 'desc' ? b.value - a.value : a.value - b.value;
      });
      const offset = (page - 1) * size;
      return {
        total: rows.length,
        name: definition.name,
        list: rows.slice(offset, offset + size).map((row, index) => ({ ...row, rank: offset + index + 1 })),
      };
    },
  };
}

export type RankService = ReturnType<typeof createRankService>;
