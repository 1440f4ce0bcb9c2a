import { z } from 'zod';
import { defineEndpoint, defineGroup } from './endpoint.ts';

/** Where the page runs, as the error reporter names it (spec 1 §8 "uncaught global error"). */
export const containers = ['miniWechat', 'app', 'wechat', 'browser'] as const;

export const telemetryEndpoints = defineGroup('telemetry', {
  pageView: defineEndpoint({
    method: 'GET',
    path: '/api/v2/pv/save',
    auth: 'optional',
    rateLimit: 'pageView',
    summary: '页面访问记录',
    query: () => z.object({ path: z.string().min(1).max(512), query: z.string().max(2048).optional() }),
    datas: () => z.null(),
  }),
  errorReport: defineEndpoint({
    method: 'POST',
    path: '/api/v2/system/errorReport',
    auth: 'optional',
    rateLimit: 'errorReport',
    summary: '前端错误上报',
    body: () =>
      z.object({
        device: z.string().max(256),
        service: z.string().max(64),
        container: z.enum(containers),
        env: z.string().max(32),
        pathName: z.string().max(512),
        /** The page rendered blank when the error happened. */
        isWhite: z.boolean(),
        errorMsg: z.string().max(8000),
      }),
    datas: () => z.null(),
  }),
  event: defineEndpoint({
    method: 'POST',
    path: '/api/v2/system/event',
    auth: 'required',
    rateLimit: 'event',
    summary: '埋点事件（仅登录用户）',
    body: () =>
      z.object({
        event_name: z.string().min(1).max(64),
        event_ext1: z.string().max(512).optional(),
        event_ext2: z.string().max(512).optional(),
        event_ext3: z.string().max(512).optional(),
        event_ext4: z.string().max(512).optional(),
        event_ext5: z.string().max(512).optional(),
        appVersion: z.string().max(32).optional(),
        container: z.enum(containers),
        env: z.string().max(32),
      }),
    datas: () => z.null(),
  }),
});
