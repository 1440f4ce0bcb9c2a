import { z } from 'zod';
import { defineEndpoint, defineGroup } from './endpoint.ts';
import { lazySchema } from './lazy-schema.ts';
import { pathOf } from './routes.ts';

/** The tab pages that may show the activity popup (spec 1 §2 "Activity popup"), by path on the wire. */
export const popupPages = [
  pathOf('home'),
  pathOf('chooseindex'),
  pathOf('fundHome'),
  pathOf('favorite'),
  pathOf('me'),
] as const;

export const tempPopup = lazySchema(() =>
  z.object({
    id: z.number().int(),
    activityImg: z.string(),
    /** http… opens a new window, # only closes, anything else is an in-app path ('' means /). */
    url: z.string(),
  }),
);
export type TempPopup = z.infer<typeof tempPopup>;

export const promoEndpoints = defineGroup('promo', {
  popup: defineEndpoint({
    method: 'GET',
    path: '/api/v2/activity/popup',
    auth: 'none',
    summary: '活动弹窗（无进行中的活动时为 null）',
    query: () => z.object({ page: z.enum(popupPages) }),
    datas: () => tempPopup.nullable(),
  }),
});
