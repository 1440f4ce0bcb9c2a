import { defineGroup } from './endpoint.ts';
import { screenerFundEndpoints } from './screener-fund.ts';
import { stockScreenEndpoints } from './screener-stock.ts';
import { screenerStrategyEndpoints } from './screener-strategy.ts';

export * from './screener-fund.ts';
export * from './screener-stock.ts';
export * from './screener-strategy.ts';

/**
 * Stock and fund screening (spec 2 §7.3 "Selection strategies"): the condition catalogue, the screens,
 * saved strategies and what changed in them, and the stock diagnosis. The group is one contract group;
 * its parts are written in their own files (`screener-<part>.ts`) and joined here.
 */
export const screenerEndpoints = defineGroup('screener', {
  ...stockScreenEndpoints,
  ...screenerFundEndpoints,
  ...screenerStrategyEndpoints,
});
