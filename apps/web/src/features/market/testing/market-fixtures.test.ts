import { api } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import * as fixtures from './market-fixtures.ts';

// The stubs must be answers the real server could give: each parses with its endpoint schema.
describe('market test fixtures', () => {
  it.each([
    ['marketSummary', api.market.marketSummary.datas, fixtures.marketSummary],
    ['plateStatV2Page up', api.market.plateStatV2Page.datas, fixtures.platesUp],
    ['plateStatV2Page down', api.market.plateStatV2Page.datas, fixtures.platesDown],
    ['plateStatV2Page industries', api.market.plateStatV2Page.datas, fixtures.industryPlates],
    ['riseFallCapitals', api.market.riseFallCapitals.datas, fixtures.riseCapitals],
    ['northSummary', api.market.northSummary.datas, fixtures.northSummary],
    ['search', api.market.search.datas, fixtures.searchHits],
    ['getRankNames', api.market.getRankNames.datas, fixtures.rankNames],
    ['getRank', api.market.getRank.datas, { total: 30, name: '5日涨幅榜', list: fixtures.rankRows(1, 20) }],
    ['getLevelTree', api.market.getLevelTree.datas, fixtures.levelTree],
    ['realTime', api.market.realTime.datas, [...fixtures.indexQuotes, ...fixtures.industryQuotes]],
  ])('%s satisfies the contract', (_name, schema, datas) => {
    expect(schema.safeParse(datas).success).toBe(true);
  });
});
