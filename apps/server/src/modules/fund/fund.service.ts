import { Codes, type DatasOf, type fundEndpoints } from '@zhicai/contract';
import { fundPeriodReturns, navOnOrBefore, navRangePeriods, periodNavs, periodReturn } from '@zhicai/domain';
import { AppError } from '../../http/app-error.ts';
import type { Instrument } from '../../market/instrument-directory.ts';
import { fundTypes, requireInstrument } from '../../market/instrument-lookup.ts';
import type { Market } from '../../market/market.ts';
import { annualise, daysBetween, geometricMean, type NavPoint, navPointsOf } from './returns.ts';

type Datas<Name extends keyof typeof fundEndpoints> = DatasOf<(typeof fundEndpoints)[Name]>;
type NavRange = keyof typeof navRangePeriods;

/** Front-end load by amount (fractions). C-class units charge none: they pay a sales-service fee instead. */
const purchaseTiers = [
  { range: '100万元以下', rate: 0.015 },
  { range: '100万元（含）至500万元', rate: 0.01 },
  { range: '500万元（含）以上，每笔1000元', rate: 0 },
];

/** Back-end load by holding time (fractions); the 1.5% under 7 days is the CSRC's punitive minimum. */
const redemptionTiers = [
  { range: '7天以内', rate: 0.015 },
  { range: '7天（含）至1年', rate: 0.005 },
  { range: '1年（含）至2年', rate: 0.0025 },
  { range: '2年（含）以上', rate: 0 },
];

/**
 * Net assets in yuan (规模): the latest units outstanding (the last share change, else the master's
 * shares) × the latest unit NAV. The fund page and the fund screen both size a fund by this rule.
 */
export function fundNetAssets(
  fund: Instrument,
  latestUnits: number | undefined,
  latest: NavPoint | undefined,
): number {
  const units = latestUnits ?? fund.floatShares ?? fund.totalShares ?? 0;
  return Math.round(units * (latest?.unit ?? 0));
}

/** The share of the tiers a unit class pays: C-class units charge no load (a sales-service fee instead). */
function loadFactor(fund: Instrument): number {
  return fund.name.endsWith('C') ? 0 : 1;
}

/** The front-end load of the smallest purchases (申购费, the first tier), as a fraction. */
export function frontLoadRate(fund: Instrument): number {
  return (purchaseTiers[0]?.rate ?? 0) * loadFactor(fund);
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export function createFundService(market: Market) {
  const { directory, repositories } = market;
  const { series, corporateActions, memberships, fundManagers } = repositories;

  function requireFund(code: string): Instrument {
    return requireInstrument(directory, code, fundTypes, '基金');
  }

  async function navPoints(fund: Instrument): Promise<NavPoint[]> {
    return navPointsOf(await series.readSeries(fund.code, fund.series), fund.series);
  }

  async function sizeOf(fund: Instrument, latest: NavPoint | undefined): Promise<number> {
    return fundNetAssets(fund, (await corporateActions.readShareChanges(fund.code)).at(-1)?.[1], latest);
  }

  /**
   * The ETF an index fund follows: the largest ETF on the index it tracks, the same relation the
   * ETF page lists it under as a 联接基金 (etf.service.ts linkFund). Null for an active fund.
   */
  function trackingEtfOf(fund: Instrument): string | null {
    const index = fund.profile.kind === 'fund' ? (fund.profile.trackedIndex ?? null) : null;
    if (fund.type === 'fund_onside' || index === null) return null;
    const etfs = directory
      .ofType('fund_onside')
      .filter(
        (etf) => etf.board !== 'lof' && etf.profile.kind === 'fund' && etf.profile.trackedIndex === index,
      )
      .sort((a, b) => (b.floatShares ?? 0) - (a.floatShares ?? 0) || a.code.localeCompare(b.code));
    return etfs[0]?.code ?? null;
  }

  return {
    async baseInfo(code: string): Promise<Datas<'baseInfo'>> {
      const fund = requireFund(code);
      const points = await navPoints(fund);
      const latest = points.at(-1);
      const previous = points.at(-2);
      const terms = fund.profile.kind === 'fund' ? fund.profile : null;
      const managers = await fundManagers.listTermsOfFund(fund.code);
      return {
        code: fund.code,
        name: fund.name,
        type: fund.type,
        category: terms?.category ?? '',
        company: terms?.company ?? '',
        inceptionDate: fund.listingDay,
        size: await sizeOf(fund, latest),
        benchmark: terms?.benchmark ?? '',
        riskLevel: Math.min(5, Math.max(1, Math.round(terms?.riskLevel ?? 3))),
        navDate: latest?.day ?? fund.listingDay,
        unitNav: latest?.unit ?? 1,
        accumNav: latest?.accum ?? 1,
        // 日增长率 adds a day's distribution back, as fund companies publish it: the same rule as every return.
        dailyChgPct: latest && previous ? round(periodReturn(previous, latest), 6) : null,
        returns: fundPeriodReturns(points),
        managers: managers.map((term) => ({ id: term.id, name: term.name, since: term.start_day })),
        trackingEtf: trackingEtfOf(fund),
      };
    },

    async navHistory(code: string, range: NavRange): Promise<Datas<'navHistory'>> {
      const fund = requireFund(code);
      const points = await navPoints(fund);
      // The range starts at the period's base NAV, as the return grid measures it, so the chart's
      // last point is the grid's figure for the same period.
      const shown = periodNavs(points, navRangePeriods[range]);
      const offset = points.length - shown.length;
      return {
        list: shown.map((point, index) => {
          const previous = points[offset + index - 1];
          return [
            point.day,
            point.unit,
            point.accum,
            previous ? round(periodReturn(previous, point), 6) : null,
          ];
        }),
      };
    },

    async holdings(code: string): Promise<Datas<'holdings'>> {
      const fund = requireFund(code);
      const rows = await memberships.listHoldings(fund.code);
      const equity =
        fund.profile.kind === 'fund'
          ? fund.profile.equityShare
          : rows.reduce((sum, row) => sum + row.weight, 0);
      // The terms give only the stock share; the rest is split into cash (up to 5%) and bonds.
      const cash = Math.min(0.05, Math.max(0, 1 - equity));
      const bonds = Math.max(0, 1 - equity - cash);
      return {
        reportDate: rows[0]?.report_day ?? fund.listingDay,
        stocks: rows.map((row) => ({
          code: row.member_code,
          name: directory.get(row.member_code)?.name ?? row.member_code,
          weight: row.weight,
        })),
        assetAllocation: [
          { name: '股票', weight: round(equity, 4) },
          { name: '债券', weight: round(bonds, 4) },
          { name: '现金', weight: round(cash, 4) },
        ],
      };
    },

    async fees(code: string): Promise<Datas<'fees'>> {
      const fund = requireFund(code);
      const terms = fund.profile.kind === 'fund' ? fund.profile : null;
      const classFactor = loadFactor(fund);
      return {
        management: terms?.management ?? 0,
        custody: terms?.custody ?? 0,
        salesService: terms?.salesService ?? 0,
        purchase: purchaseTiers.map((tier) => ({ range: tier.range, rate: tier.rate * classFactor })),
        redemption: redemptionTiers,
      };
    },

    async manager(id: string): Promise<Datas<'manager'>> {
      const manager = await fundManagers.findManager(id);
      if (!manager) throw new AppError(Codes.notFound, `未找到基金经理 ${id}`, 404);
      const terms = await fundManagers.listTermsOfManager(manager.id);
      const funds = await Promise.all(
        terms.map(async (term) => {
          const fund = directory.get(term.fund_code);
          if (!fund) return null;
          const points = await navPoints(fund);
          const last = points.at(-1);
          // A term that began before the stored history is measured from its first NAV.
          const start = navOnOrBefore(points, term.start_day) ?? points[0];
          const tenureReturn = start && last ? periodReturn(start, last) : null;
          return {
            code: fund.code,
            name: fund.name,
            since: term.start_day,
            tenureReturn: tenureReturn === null ? null : round(tenureReturn, 6),
            size: await sizeOf(fund, last),
            annualised:
              tenureReturn !== null && start && last
                ? annualise(tenureReturn, daysBetween(start.day, last.day))
                : null,
          };
        }),
      );
      const held = funds.filter((fund) => fund !== null);
      const annualReturn = geometricMean(
        held.flatMap((fund) => (fund.annualised === null ? [] : [fund.annualised])),
      );
      return {
        id: manager.id,
        name: manager.name,
        company: manager.company,
        careerStart: manager.career_start,
        assets: held.reduce((sum, fund) => sum + fund.size, 0),
        annualReturn: annualReturn === null ? null : round(annualReturn, 6),
        education: manager.education,
        bio: manager.bio,
        funds: held.map(({ annualised: _annualised, ...fund }) => fund),
      };
    },
  };
}

export type FundService = ReturnType<typeof createFundService>;
