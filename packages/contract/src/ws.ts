import { z } from 'zod';

/** The websocket path: one socket per client on the same port as the API. */
export const websocketPath = '/ws';

/** Messages a client sends. Later features add their own members (e.g. quote subscriptions). */
export const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping'), id: z.string().max(64).optional() }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

/** Messages the server sends. `serverTime` is epoch milliseconds. */
export const serverMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), serverTime: z.number() }),
  z.object({ type: z.literal('pong'), id: z.string().optional(), serverTime: z.number() }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;
