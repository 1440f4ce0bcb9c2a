import type { EndpointData } from '../../../platform/query/endpoint-query.ts';

/** A small catalogue: one options condition, two range conditions. */
export const catalogueFixture: EndpointData<'screener.fundListSelectInfo'> = {
  asOf: 20260304,
  total: 100,
  groups: [
    {
      key: 'basic',
      name: '基本信息',
      conditions: [
        {
          flag: 'FUND_TYPE',
          name: '基金类型',
          group: 'basic',
          kind: 'options',
          unit: '',
          decimals: 0,
          description: '按基金合同的投资类别',
          min: null,
          max: null,
          count: 100,
          distribution: [],
          options: [
            { value: '混合型', label: '混合型', count: 60 },
            { value: '债券型', label: '债券型', count: 40 },
          ],
        },
      ],
    },
    {
      key: 'return',
      name: '收益',
      conditions: [
        {
          flag: 'RET_Y1',
          name: '近1年收益',
          group: 'return',
          kind: 'range',
          unit: '%',
          decimals: 2,
          description: '累计净值增长 ÷ 期初单位净值',
          min: -30,
          max: 40,
          count: 100,
          distribution: [
            { left: -20, right: 0, count: 40 },
            { left: 0, right: 20, count: 50 },
            { left: 20, right: 30, count: 10 },
          ],
          options: [],
        },
      ],
    },
    {
      key: 'risk',
      name: '风险',
      conditions: [
        {
          flag: 'MAX_DRAWDOWN',
          name: '最大回撤',
          group: 'risk',
          kind: 'range',
          unit: '%',
          decimals: 2,
          description: '近1年净值从高点到其后低点的最大跌幅',
          min: 1,
          max: 30,
          count: 100,
          distribution: [
            { left: 1, right: 10, count: 70 },
            { left: 10, right: 30, count: 30 },
          ],
          options: [],
        },
      ],
    },
  ],
};

export const recommendFixture: EndpointData<'screener.fundRecommend'> = {
  list: [
    {
      id: 'low-drawdown-bonds',
      name: '低回撤债基',
      description: '近1年最大回撤不超过5%、近1年收益为正的债券型基金',
      conditions: {
        seqFlags: 'FUND_TYPE,MAX_DRAWDOWN',
        FUND_TYPE: '债券型',
        MAX_DRAWDOWN_left: 0,
        MAX_DRAWDOWN_right: 5,
      },
      num: 8,
    },
  ],
};

export const selectFixture: EndpointData<'screener.fundSelect'> = {
  total: 2,
  asOf: 20260304,
  columns: [
    { flag: 'FUND_TYPE', name: '基金类型', unit: '', decimals: 0 },
    { flag: 'RET_Y1', name: '近1年收益', unit: '%', decimals: 2 },
  ],
  list: [
    {
      code: '110011.OF',
      name: '易方达优质精选混合',
      type: 'fund_outside',
      category: '混合型',
      company: '易方达',
      values: ['混合型', 18.2],
      tags: ['长期绩优'],
    },
    {
      code: '161725.OF',
      name: '招商中证白酒指数(LOF)',
      type: 'fund_lof',
      category: '混合型',
      company: '招商',
      values: ['混合型', -3.5],
      tags: [],
    },
  ],
};
