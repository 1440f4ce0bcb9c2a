import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/** The keys the client reads through /api/v2/config/get (spec 2 §7.3 "Config and user"). */
export const configKeys = ['oneYearOperationStage', 'topContent', 'miniProgramAudit', 'brandMode'] as const;
export type ConfigKey = (typeof configKeys)[number];

export const appMenu = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Icon URL served by our own server. */
  icon: z.string(),
  /** In-app path (starts with /) or an absolute http(s) URL. */
  url: z.string(),
  /** Optional corner badge such as 新 or 热. */
  badge: z.string().nullable(),
});
export type AppMenu = z.infer<typeof appMenu>;

export const configEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v2/config/get',
    group: 'config',
    summary: '读取一项客户端配置',
    query: z.object({ key: z.enum(configKeys) }),
    // A configuration value is any JSON the operators store for that key; null when unset.
    datas: z.json().nullable(),
  }),
  getAppMenus: defineEndpoint({
    method: 'GET',
    path: '/api/v2/config/getAppMenus',
    group: 'config',
    summary: '首页功能入口菜单',
    datas: z.array(appMenu),
  }),
  apiOuth: defineEndpoint({
    method: 'GET',
    path: '/api/v2/system/apiOuth',
    group: 'config',
    summary: '接口锁令牌（80 位，十段各 8 位）',
    datas: z.string().length(80),
  }),
} as const;
