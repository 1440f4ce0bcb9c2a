import type { DatasOf, indexEndpoints } from '@zhicai/contract';
import { indexWeights } from '../../market/index-composition.ts';
import type { Membership } from '../../market/instrument-directory.ts';
import { indexTypes, requireInstrument } from '../../market/instrument-lookup.ts';
import type { Market } from '../../market/market.ts';
import { industryWeights } from './industry-map.ts';

type Datas<Name extends keyof typeof indexEndpoints> = DatasOf<(typeof indexEndpoints)[Name]>;

export interface ConstituentQuery {
  code: string;
  sort: 'weight' | 'chgPct';
  order: 'desc' | 'asc';
  page: number;
  size: number;
}

export function createIndexService(market: Market) {
  const { directory, engine, repositories } = market;
  const { memberships } = repositories;

  return {
    async swMap(code: string): Promise<Datas<'swMap'>> {
      const instrument = requireInstrument(directory, code, [...indexTypes, 'fund_onside'], '指数或 ETF');
      // An ETF is mapped by its reported holdings, an index by its members.
      const members: readonly Membership[] =
        instrument.type === 'fund_onside'
          ? (await memberships.listHoldings(instrument.code)).map((row) => ({
              code: row.member_code,
              weight: row.weight,
            }))
          : directory.membersOf(instrument.code);
      // Each level sums the same weights by the members' SW industry at that level (a member
      // without a level-3 place, such as a Hong Kong stock, drops out of the deeper levels).
      const byLevel = (level: 1 | 2 | 3) =>
        industryWeights(
          members.map((member) => ({
            industry: directory.get(member.code)?.swPath[level - 1] ?? null,
            weight: member.weight,
          })),
        ).map(({ industry, weight }) => ({
          code: industry,
          capitalOrIndex: 'index_hy',
          name: directory.swIndustry(industry)?.name ?? industry,
          weight,
        }));
      const sw1 = byLevel(1);
      const sw2 = byLevel(2);
      const sw3 = byLevel(3);
      return { sw1Count: sw1.length, sw2Count: sw2.length, sw3Count: sw3.length, sw1, sw2, sw3 };
    },

    async constituents(query: ConstituentQuery): Promise<Datas<'constituents'>> {
      const index = requireInstrument(directory, query.code, indexTypes, '指数');
      const members = directory.membersOf(index.code);
      // A composed index weighs its members as it is computed, at their prices now (q·p ÷ Σ q·p);
      // an index known only by its stored weights keeps them.
      const liveWeights = members.every((member) => member.quantity !== undefined)
        ? indexWeights(
            members.map((member) => ({
              quantity: member.quantity ?? 0,
              price: engine.quote(member.code)?.price ?? 0,
            })),
          )
        : null;
      const rows = members.map((member, i) => {
        const quote = engine.quote(member.code);
        return {
          code: member.code,
          name: directory.get(member.code)?.name ?? quote?.name ?? member.code,
          weight: liveWeights ? Math.round((liveWeights[i] ?? 0) * 1e6) / 1e6 : member.weight,
          price: quote?.price ?? null,
          chgPct: quote?.chgPct ?? null,
        };
      });
      const direction = query.order === 'desc' ? -1 : 1;
      rows.sort((a, b) => {
        const left = a[query.sort];
        const right = b[query.sort];
        // Missing figures (a suspended member's change) sort last either way.
        if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
        return (left - right) * direction || a.code.localeCompare(b.code);
      });
      const start = (query.page - 1) * query.size;
      return { total: rows.length, list: rows.slice(start, start + query.size) };
    },
  };
}

export type IndexService = ReturnType<typeof createIndexService>;
