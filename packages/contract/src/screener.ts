import { defineGroup } from './endpoint.ts';
import { screenerFundEndpoints } from './screener-fund.ts';

/**
 * Stock and fund screening (spec 2 §7.3 "Selection strategies"): the condition catalogue, the screens,
 * saved strategies and what changed in them, and the stock diagnosis. The group is one contract group;
 * its parts are written in their own files (`screener-<part>.ts`) and joined here.
 */
export const screenerEndpoints = defineGroup('screener', {
  ...screenerFundEndpoints,
});
