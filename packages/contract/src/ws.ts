import { z } from 'zod';
import { alertMessage } from './alert.ts';
import { flash } from './content-flash.ts';
import { dayNumber, quote } from './instrument.ts';
import { lazySchema } from './lazy-schema.ts';

/** The websocket path: one socket per client on the same port as the API. */
export const websocketPath = '/ws';

/**
 * Version of the socket protocol, sent in `hello`. A client that reads a higher major version than
 * it knows falls back to polling realTime rather than misreading ticks.
 */
export const socketProtocolVersion = 1;

/** Codes per subscribe message and per socket; a page subscribes to what it shows (≤ 50 typical). */
export const maxSubscribedCodes = 200;

const codes = lazySchema(() => z.array(z.string().max(20)).min(1).max(maxSubscribedCodes));

/**
 * Channels a socket may join beside its quotes: feeds pushed to every socket that joined, whoever
 * holds it. `flash`: the 7×24 flashes as they are written (issue 17 item 6), joined by the 7×24 page.
 */
export const socketChannels = ['flash'] as const;
export const socketChannel = lazySchema(() => z.enum(socketChannels));
export type SocketChannel = z.infer<typeof socketChannel>;

/** Messages a client sends. */
export const clientMessage = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('ping'), id: z.string().max(64).optional() }),
    /** Adds codes to this socket's subscription and answers with a snapshot of them. */
    z.object({ type: z.literal('subscribe'), codes }),
    z.object({ type: z.literal('unsubscribe'), codes }),
    /** Asks for a fresh snapshot of everything subscribed (after a gap in `seq`). */
    z.object({ type: z.literal('snapshot') }),
    /**
     * Says who holds this socket: the user's token (the `token` header of the API), or '' after a
     * logout. Until then, and after a token the server refuses, the socket carries only quotes.
     */
    z.object({ type: z.literal('auth'), token: z.string().max(4096) }),
    /** Joins or leaves a channel (socketChannels); joining twice is joining once. */
    z.object({ type: z.literal('join'), channel: socketChannel }),
    z.object({ type: z.literal('leave'), channel: socketChannel }),
  ]),
);
export type ClientMessage = z.infer<typeof clientMessage>;

/**
 * One instrument's move in a tick: [code, price, open, high, low, volume, amount]. Volume and
 * amount are the day's totals so far; change and percent follow from the snapshot's prevClose.
 */
export const tickRow = lazySchema(() =>
  z.tuple([z.string(), z.number(), z.number(), z.number(), z.number(), z.number(), z.number()]),
);
export type TickRow = z.infer<typeof tickRow>;

/** Messages the server sends. `serverTime` and `time` are epoch milliseconds. */
export const serverMessage = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('hello'), v: z.number().int(), serverTime: z.number() }),
    z.object({ type: z.literal('pong'), id: z.string().optional(), serverTime: z.number() }),
    z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
    /**
     * Full quotes of the subscribed codes. `seq` is the tick sequence the snapshot is current to:
     * the next tick the socket receives has seq + 1 (or the snapshot is stale and another follows).
     */
    z.object({ type: z.literal('snapshot'), seq: z.number().int(), quotes: z.array(quote) }),
    /**
     * One batched message per engine tick (every 3 s while a market is open) with the subscribed
     * codes that moved. Ticks are numbered without gaps per server; a client that sees a gap asks
     * for a snapshot. A socket subscribed to no code is sent no tick: the snapshot that answers its
     * next subscribe starts its sequence.
     */
    z.object({
      type: z.literal('tick'),
      seq: z.number().int(),
      time: z.number(),
      tradingDay: dayNumber,
      rows: z.array(tickRow),
    }),
    /** The answer to `auth`: whether the socket now carries this user's messages. */
    z.object({ type: z.literal('auth'), signedIn: z.boolean() }),
    /**
     * A price alert of the socket's user fired (issue 16 item 4): the message-box entry it made, and
     * whether the user wants it shown as a banner (their switches; quiet hours mute only WeChat and
     * app push). Only the sockets signed in as that user receive it.
     */
    z.object({ type: z.literal('alert'), message: alertMessage, banner: z.boolean() }),
    /**
     * The 7×24 flashes just written together (one engine tick's, one import's look), oldest first, to
     * the sockets that joined the `flash` channel: one message for all of them, so a socket reads one
     * frame however many flashes a tick writes (issue 17: at the open four reach 10,000 sockets).
     */
    z.object({ type: z.literal('flashes'), flashes: z.array(flash).min(1) }),
    /**
     * One 7×24 flash: the form servers sent before `flashes`. Clients still read it, so a client
     * keeps its live feed on a server not yet updated.
     */
    z.object({ type: z.literal('flash'), flash }),
    /** The socket user's unread comment messages changed (a reply or a like; issue 17 item 6). */
    z.object({ type: z.literal('commentUnread'), unread: z.number().int() }),
  ]),
);
export type ServerMessage = z.infer<typeof serverMessage>;
