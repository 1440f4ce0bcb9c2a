import { z } from 'zod';
import { defineEndpoint, defineGroup } from './endpoint.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * 关于我们 and 版本信息 (spec 2 §2.2 "Personal and settings": /about, /version). The spec names the
 * two routes, not their calls, so the calls are ours.
 */

/** What the operator tells users about the service; a contact left out is null, not an empty string. */
export const aboutInfo = lazySchema(() =>
  z.object({
    /** One paragraph on what the app is, shown under the brand. */
    description: z.string(),
    /** 客服邮箱. */
    email: z.string().nullable(),
    /** 客服电话, as dialled (digits and dashes). */
    hotline: z.string().nullable(),
    /** When the hotline answers, e.g. 交易日 9:00–18:00. */
    serviceHours: z.string().nullable(),
    /** The ICP filing number (ICP备案号) of the deployment; null until the operator has one. */
    icp: z.string().nullable(),
    /** 风险提示: the disclaimer every Chinese investment-information app shows. */
    disclaimer: z.string(),
  }),
);
export type AboutInfo = z.infer<typeof aboutInfo>;

/** A version string as the releases are numbered: 1.3.0. */
export const releaseVersion = lazySchema(() => z.string().regex(/^\d+\.\d+\.\d+$/));

export const release = lazySchema(() =>
  z.object({
    version: releaseVersion,
    /** YYYY-MM-DD. */
    releasedOn: z.string(),
    title: z.string(),
    /** What changed, one line each, in the order users meet them. */
    notes: z.array(z.string()),
  }),
);
export type Release = z.infer<typeof release>;

export const aboutEndpoints = defineGroup('about', {
  info: defineEndpoint({
    method: 'GET',
    path: '/api/v2/about/info',
    auth: 'none',
    summary: '关于我们：产品介绍、客服联系方式、备案号与风险提示',
    datas: () => aboutInfo,
  }),
  releases: defineEndpoint({
    method: 'GET',
    path: '/api/v2/about/releases',
    auth: 'none',
    summary: '版本信息：各版本的更新内容，最新的在前',
    datas: () => z.array(release),
  }),
});
