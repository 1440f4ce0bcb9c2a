import type { DatasOf, etfEndpoints } from '@zhicai/contract';
import { etfIopv, etfPremiumRate, previousTradingDay } from '@zhicai/domain';
import type { Instrument } from '../../market/instrument-directory.ts';
import { requireInstrument } from '../../market/instrument-lookup.ts';
import type { Market } from '../../market/market.ts';
import { holdingsOverlap } from './overlap.ts';

type Datas<Name extends keyof typeof etfEndpoints> = DatasOf<(typeof etfEndpoints)[Name]>;

/** How many similar ETFs linkFund lists. */
const similarLimit = 10;

/** The holdings overlap from which two ETFs on different indices count as the same theme. */
const sameThemeOverlap = 0.3;

/** The index a fund tracks, from its stored terms; null for an active fund or an unknown one. */
function trackedIndexOf(fund: Instrument): string | null {
  return fund.profile.kind === 'fund' ? (fund.profile.trackedIndex ?? null) : null;
}

/** Whether an exchange code is the listing of a fund (161725.SZ of 161725.OF): same number. */
function isListingOf(listing: Instrument, fund: Instrument): boolean {
  return listing.board === 'lof' && listing.code.split('.')[0] === fund.code.split('.')[0];
}

export function createEtfService(market: Market) {
  const { directory, repositories, engine, provider } = market;
  const { memberships } = repositories;

  return {
    async holdAll(code: string): Promise<Datas<'holdAll'>> {
      const etf = requireInstrument(directory, code, ['fund_onside'], 'ETF');
      // A commodity ETF holds its commodity with all of its net assets, and no stocks.
      const commodity = etf.profile.kind === 'fund' ? etf.profile.commodity : undefined;
      if (commodity)
        return { list: [{ code: commodity.code, name: commodity.name, holdScale: 100, kind: 'commodity' }] };
      const rows = await memberships.listHoldings(etf.code);
      return {
        // Stored weights are fractions of net assets; the wire carries percent.
        list: rows.map((row) => ({
          code: row.member_code,
          name: directory.get(row.member_code)?.name ?? row.member_code,
          holdScale: Math.round(row.weight * 100 * 10_000) / 10_000,
          kind: 'security',
        })),
      };
    },

    async linkFund(code: string): Promise<Datas<'linkFund'>> {
      const etf = requireInstrument(directory, code, ['fund_onside'], 'ETF');
      const index = trackedIndexOf(etf);
      const byFund = new Map<string, Map<string, number>>();
      for (const row of await memberships.listAllHoldings()) {
        if (directory.get(row.fund_code)?.type !== 'fund_onside') continue;
        const holdings = byFund.get(row.fund_code) ?? new Map<string, number>();
        holdings.set(row.member_code, row.weight);
        byFund.set(row.fund_code, holdings);
      }
      const own = byFund.get(etf.code) ?? new Map<string, number>();
      // 同类ETF: the other ETFs on the same index, then those of the same theme (holding much the
      // same stocks). LOF listings trade on the exchange too but are no ETFs.
      const etfs = directory
        .ofType('fund_onside')
        .filter((other) => other.code !== etf.code && other.board !== 'lof')
        .map((other) => ({
          code: other.code,
          name: other.name,
          sameIndex: index !== null && trackedIndexOf(other) === index,
          similar: Math.round(holdingsOverlap(own, byFund.get(other.code) ?? new Map()) * 10_000) / 10_000,
        }))
        .filter((other) => other.sameIndex || other.similar >= sameThemeOverlap)
        .sort(
          (a, b) =>
            Number(b.sameIndex) - Number(a.sameIndex) ||
            b.similar - a.similar ||
            a.code.localeCompare(b.code),
        )
        .slice(0, similarLimit)
        .map(({ sameIndex: _sameIndex, ...other }) => other);
      // 联接基金: the off-exchange funds that track the ETF's index (an LOF's own fund excepted).
      const linkFunds =
        index === null
          ? []
          : directory
              .ofType('fund_outside', 'fund_lof')
              .filter((fund) => !isListingOf(etf, fund) && trackedIndexOf(fund) === index)
              .map((fund) => ({ code: fund.code, name: fund.name }));
      return { etfs, linkFunds };
    },

    /**
     * The tracked index, the previous NAV and the IOPV and premium at the latest quotes (issue 15
     * item 3). The page recomputes IOPV from the followed code's live ticks with the same domain rule.
     */
    async valuation(code: string): Promise<Datas<'valuation'>> {
      const etf = requireInstrument(directory, code, ['fund_onside'], 'ETF');
      const tracking = provider.etfTracking?.(etf.code) ?? null;
      const index = tracking?.indexCode ? directory.get(tracking.indexCode) : undefined;
      const indexRef = index ? { code: index.code, name: index.name } : null;
      const quote = engine.quote(etf.code);
      const followed = tracking ? engine.quote(tracking.followsCode) : undefined;
      if (!tracking || !quote || !followed || followed.prevClose === null)
        return {
          index: indexRef,
          follows: null,
          navDay: null,
          previousNav: null,
          iopv: null,
          premiumRate: null,
        };
      // The NAV of the day before the quote's, from the followed close of that day (its prevClose).
      const navDay = previousTradingDay('cn', quote.tradingDay);
      const previousNav = tracking.nav(navDay, followed.prevClose);
      const iopv = etfIopv(previousNav, followed.price, followed.prevClose);
      return {
        index: indexRef,
        follows: tracking.followsCode,
        navDay,
        previousNav,
        iopv,
        premiumRate: etfPremiumRate(quote.price, iopv),
      };
    },
  };
}

export type EtfService = ReturnType<typeof createEtfService>;
