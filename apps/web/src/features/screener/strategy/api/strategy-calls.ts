import type { StrategyKind } from '@zhicai/contract';

/**
 * The saved-strategy calls of each kind. The contract builds the stock (`userSelectStrategy`) and
 * fund (`fund/userSelectStrategy`) calls with one function, so the two answer and take alike; the
 * hooks pick the kind's call and are typed by the stock one.
 */
export const strategyCalls = {
  stock: {
    listV3: 'screener.strategyListV3',
    add: 'screener.strategyAdd',
    del: 'screener.strategyDel',
    rename: 'screener.strategyRename',
    copy: 'screener.strategyCopy',
    updateCondition: 'screener.strategyUpdateCondition',
  },
  fund: {
    listV3: 'screener.fundStrategyListV3',
    add: 'screener.fundStrategyAdd',
    del: 'screener.fundStrategyDel',
    rename: 'screener.fundStrategyRename',
    copy: 'screener.fundStrategyCopy',
    updateCondition: 'screener.fundStrategyUpdateCondition',
  },
} as const satisfies Record<StrategyKind, Record<string, `screener.${string}`>>;
