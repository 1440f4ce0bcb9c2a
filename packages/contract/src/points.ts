import { z } from 'zod';
import { defineEndpoint, defineGroup } from './endpoint.ts';

export const pointsEndpoints = defineGroup('points', {
  hasSign: defineEndpoint({
    method: 'GET',
    path: '/api/v2/pointShop/hasSign',
    auth: 'optional',
    summary: '今天是否已签到（决定积分提示，spec 1 §2）',
    datas: () => z.boolean(),
  }),
});
