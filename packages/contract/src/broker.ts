import { z } from 'zod';
import { defineEndpoint, defineGroup } from './endpoint.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * The partner broker (spec 1 §6, §7 "broker home login notification and broker account-opening
 * initialization (no payload)"). Our user id is the broker's thirdUserId; both calls need a
 * signed-in user and answer 004 without one.
 *
 * Home login notification: sent once per app session when a signed-in user reaches the home page,
 * so the broker counts its linked users as active and can greet them on its own pages.
 *
 * Account-opening initialization: opens (or resumes) the user's account-opening application at the
 * broker and returns the broker page where it continues. Asking again while an application is in
 * progress returns the same application, so a reload never starts a second one.
 */
export const accountOpeningStatuses = ['started', 'submitted', 'opened'] as const;
export const accountOpeningStatus = lazySchema(() => z.enum(accountOpeningStatuses));

export const accountOpening = lazySchema(() =>
  z.object({
    /** The broker's id for the application. */
    applicationId: z.string().min(1).max(64),
    status: accountOpeningStatus,
    /** The broker's page where the user fills in the application (absolute or same-origin). */
    openUrl: z.string().min(1).max(1024),
    /** ISO-8601 UTC. */
    startedAt: z.string(),
  }),
);
export type AccountOpening = z.infer<typeof accountOpening>;

export const brokerEndpoints = defineGroup('broker', {
  homeLogin: defineEndpoint({
    method: 'POST',
    path: '/api/v2/broker/homeLogin',
    auth: 'required',
    summary: '券商首页登录通知',
    body: () => z.object({}),
    datas: () =>
      z.object({
        /** ISO-8601 UTC time the broker was told. */
        notifiedAt: z.string(),
      }),
  }),
  openAccountInit: defineEndpoint({
    method: 'POST',
    path: '/api/v2/broker/openAccount/init',
    auth: 'required',
    summary: '券商开户初始化',
    body: () => z.object({}),
    datas: () => accountOpening,
  }),
});
