import type { DatasOf, etfEndpoints } from '@zhicai/contract';
import { requireInstrument } from '../../market/instrument-lookup.ts';
import type { Market } from '../../market/market.ts';
import { etfTheme, holdingsOverlap } from './overlap.ts';

type Datas<Name extends keyof typeof etfEndpoints> = DatasOf<(typeof etfEndpoints)[Name]>;

/** How many similar ETFs linkFund lists. */
const similarLimit = 10;

export function createEtfService(market: Market) {
  const { directory, repositories } = market;
  const { memberships } = repositories;

  return {
    async holdAll(code: string): Promise<Datas<'holdAll'>> {
      const etf = requireInstrument(directory, code, ['fund_onside'], 'ETF');
      const rows = await memberships.listHoldings(etf.code);
      return {
        // Stored weights are fractions of net assets; the wire carries percent.
        list: rows.map((row) => ({
          code: row.member_code,
          name: directory.get(row.member_code)?.name ?? row.member_code,
          holdScale: Math.round(row.weight * 100 * 10_000) / 10_000,
        })),
      };
    },

    async linkFund(code: string): Promise<Datas<'linkFund'>> {
      const etf = requireInstrument(directory, code, ['fund_onside'], 'ETF');
      const byFund = new Map<string, Map<string, number>>();
      for (const row of await memberships.listAllHoldings()) {
        if (directory.get(row.fund_code)?.type !== 'fund_onside') continue;
        const holdings = byFund.get(row.fund_code) ?? new Map<string, number>();
        holdings.set(row.member_code, row.weight);
        byFund.set(row.fund_code, holdings);
      }
      const own = byFund.get(etf.code) ?? new Map<string, number>();
      const etfs = [...byFund]
        .filter(([fundCode]) => fundCode !== etf.code)
        .map(([fundCode, holdings]) => ({
          code: fundCode,
          name: directory.get(fundCode)?.name ?? fundCode,
          similar: Math.round(holdingsOverlap(own, holdings) * 10_000) / 10_000,
        }))
        .filter((item) => item.similar > 0)
        .sort((a, b) => b.similar - a.similar || a.code.localeCompare(b.code))
        .slice(0, similarLimit);
      // Feeder funds are found by name: off-exchange funds whose name carries the ETF's theme word.
      const theme = etfTheme(etf.name);
      const linkFunds = theme
        ? directory
            .ofType('fund_outside', 'fund_lof')
            .filter((fund) => fund.name.includes(theme))
            .map((fund) => ({ code: fund.code, name: fund.name }))
        : [];
      return { etfs, linkFunds };
    },
  };
}

export type EtfService = ReturnType<typeof createEtfService>;
