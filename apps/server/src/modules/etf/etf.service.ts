import type { DatasOf, etfEndpoints } from '@zhicai/contract';
import { etfIopv, etfPremiumRate, previousTradingDay } from '@zhicai/domain';
import { requireInstrument } from '../../market/instrument-lookup.ts';
import type { Market } from '../../market/market.ts';
import { etfTheme, holdingsOverlap } from './overlap.ts';

type Datas<Name extends keyof typeof etfEndpoints> = DatasOf<(typeof etfEndpoints)[Name]>;

/** How many similar ETFs linkFund lists. */
const similarLimit = 10;

export function createEtfService(market: Market) {
  const { directory, repositories, engine, provider } = market;
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

    /**
     * The tracked index, the previous NAV and the IOPV and premium at the latest quotes (issue 15
     * item 3). The page recomputes IOPV from the index's live ticks with the same domain rule.
     */
    async valuation(code: string): Promise<Datas<'valuation'>> {
      const etf = requireInstrument(directory, code, ['fund_onside'], 'ETF');
      const tracking = provider.etfTracking?.(etf.code) ?? null;
      const index = tracking ? directory.get(tracking.indexCode) : undefined;
      const quote = engine.quote(etf.code);
      const indexQuote = index ? engine.quote(index.code) : undefined;
      if (!tracking || !index || !quote || !indexQuote || indexQuote.prevClose === null)
        return {
          index: index ? { code: index.code, name: index.name } : null,
          navDay: null,
          previousNav: null,
          iopv: null,
          premiumRate: null,
        };
      // The NAV of the day before the quote's, from the index close of that day (the index's prevClose).
      const navDay = previousTradingDay('cn', quote.tradingDay);
      const previousNav = tracking.nav(navDay, indexQuote.prevClose);
      const iopv = etfIopv(previousNav, indexQuote.price, indexQuote.prevClose);
      return {
        index: { code: index.code, name: index.name },
        navDay,
        previousNav,
        iopv,
        premiumRate: etfPremiumRate(quote.price, iopv),
      };
    },
  };
}

export type EtfService = ReturnType<typeof createEtfService>;
