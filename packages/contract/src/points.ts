import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

export const pointsEndpoints = {
  hasSign: defineEndpoint({
    method: 'GET',
    path: '/api/v2/pointShop/hasSign',
    group: 'points',
    summary: '今天是否已签到（决定积分提示，spec 1 §2）',
    datas: z.boolean(),
  }),
} as const;
