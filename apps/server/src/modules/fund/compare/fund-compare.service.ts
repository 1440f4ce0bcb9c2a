import { Codes, type ComparedFund, type DatasOf, type fundEndpoints } from '@zhicai/contract';
import { periodBase } from '@zhicai/domain';
import { AppError } from '../../../http/app-error.ts';
import { fundTypes, requireInstrument } from '../../../market/instrument-lookup.ts';
import type { Market } from '../../../market/market.ts';
import {
  annualVolatility,
  dailyReturns,
  maxDrawdown,
  sharpeRatio,
} from '../../screener/fund/fund-metrics.ts';
import type { FundService } from '../fund.service.ts';
import { navPointsOf } from '../returns.ts';
import { type Frequency, simulatePlan } from './regular-investment.ts';

type Datas<Name extends keyof typeof fundEndpoints> = DatasOf<(typeof fundEndpoints)[Name]>;

/** Holdings shown per fund: the ten largest, as a fund's quarterly report lists them. */
const topHoldingCount = 10;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * 基金对比 and the 定投计算器. The fund page's figures come from the fund service itself (baseInfo,
 * fees, holdings); the risk figures over 近1年 by the fund screen's rules (fund-metrics.ts, from the
 * base NAV of 近1年收益), so the comparison and the screen agree.
 */
export function createFundCompareService(deps: { market: Market; funds: FundService }) {
  const { market, funds } = deps;
  const { directory, repositories } = market;

  function requireFund(code: string) {
    return requireInstrument(directory, code, fundTypes, '基金');
  }

  async function navs(code: string) {
    const fund = requireFund(code);
    return navPointsOf(await repositories.series.readSeries(fund.code, fund.series), fund.series);
  }

  async function compareOne(code: string): Promise<ComparedFund> {
    const [info, fees, holdings, points] = await Promise.all([
      funds.baseInfo(code),
      funds.fees(code),
      funds.holdings(code),
      navs(code),
    ]);
    const yearBase = periodBase(points, 'y1');
    const returns = yearBase ? dailyReturns(points.slice(points.indexOf(yearBase))) : [];
    const sharpe = sharpeRatio(returns);
    const volatility = annualVolatility(returns);
    return {
      code: info.code,
      name: info.name,
      type: info.type,
      category: info.category,
      company: info.company,
      size: info.size,
      inceptionDate: info.inceptionDate,
      navDate: info.navDate,
      unitNav: info.unitNav,
      managers: info.managers,
      fees: {
        management: fees.management,
        custody: fees.custody,
        salesService: fees.salesService,
        purchase: fees.purchase[0]?.rate ?? 0,
      },
      returns: info.returns,
      maxDrawdown: returns.length > 0 ? round(maxDrawdown(returns), 6) : null,
      volatility: volatility === null ? null : round(volatility, 6),
      sharpe: sharpe === null ? null : round(sharpe, 4),
      topHoldings: [...holdings.stocks].sort((a, b) => b.weight - a.weight).slice(0, topHoldingCount),
    };
  }

  return {
    async compare(codes: readonly string[]): Promise<Datas<'fundCompare'>> {
      // Every code is checked first: one unknown code refuses the comparison before any work.
      for (const code of codes) requireFund(code);
      return { list: await Promise.all(codes.map(compareOne)) };
    },

    async regularInvestment(query: {
      code: string;
      start: number;
      end: number;
      amount: number;
      frequency: Frequency;
      feeRate: number;
    }): Promise<Datas<'profitComputer'>> {
      if (query.start >= query.end) throw new AppError(Codes.invalidParams, '开始日期应早于结束日期', 400);
      const fund = requireFund(query.code);
      const points = await navs(fund.code);
      const plan = simulatePlan({ ...query, navs: points });
      if (!plan) {
        const first = points[0]?.day;
        throw new AppError(
          Codes.invalidParams,
          first === undefined
            ? `${fund.name}暂无净值数据`
            : `所选区间内${fund.name}没有可定投的净值日（净值始于 ${first}）`,
          400,
        );
      }
      return { code: fund.code, name: fund.name, ...plan };
    },
  };
}

export type FundCompareService = ReturnType<typeof createFundCompareService>;
