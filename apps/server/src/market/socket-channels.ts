import type { ServerMessage, SocketChannel } from '@zhicai/contract';
import { eventLoopSlices, type SliceOptions } from './event-loop-slices.ts';
import { wholeTextFrames } from './tick-encoder.ts';

/** A socket that joined a channel (the websocket hub adds it on a `join` message; ws.ts). */
export interface ChannelSocket {
  /**
   * Sends whole text frames written back to back (wholeTextFrames), the same buffer to every socket
   * of the channel.
   */
  sendFrames(frames: Buffer): void;
}

/**
 * The sockets that joined each channel (contract ws.ts `socketChannels`), in process: a module
 * publishes messages and every socket in the channel receives them, whoever holds the socket. The
 * websocket hub joins and leaves sockets; modules only publish.
 */
export interface SocketChannels {
  /** Joins a socket; joining again is a no-op. The answer leaves. */
  join(channel: SocketChannel, socket: ChannelSocket): () => void;
  /**
   * Sends the messages, in order, to every socket of the channel; answers how many sockets got them
   * once all have. Publications go out one after another, so every socket reads them in order.
   */
  publish(channel: SocketChannel, messages: readonly ServerMessage[]): Promise<number>;
  count(channel: SocketChannel): number;
  /** Resolves once no publication is under way (at once when none is). */
  idle(): Promise<void>;
}

/**
 * `slices` splits a publication to many sockets over event-loop turns, as the tick fan-out does.
 * A flash goes to every socket on the 7×24 page (issue 17 benchmark: 10,000 sockets, p99 ≤ 300 ms):
 * its messages are serialised and framed once, into one buffer, and each socket costs one write
 * however many flashes a tick wrote.
 */
export function createSocketChannels(slices: SliceOptions = {}): SocketChannels {
  const members = new Map<SocketChannel, Set<ChannelSocket>>();
  let publishing: Promise<unknown> = Promise.resolve();
  let underWay = 0;

  async function sendToEach(sockets: readonly ChannelSocket[], frames: Buffer): Promise<number> {
    const slice = eventLoopSlices(slices);
    for (const socket of sockets) {
      if (slice.spent()) await slice.next();
      socket.sendFrames(frames);
    }
    return sockets.length;
  }

  return {
    join(channel, socket) {
      let sockets = members.get(channel);
      if (!sockets) {
        sockets = new Set();
        members.set(channel, sockets);
      }
      sockets.add(socket);
      return () => {
        members.get(channel)?.delete(socket);
      };
    },
    publish(channel, messages) {
      const sockets = members.get(channel);
      if (!sockets || sockets.size === 0 || messages.length === 0) return Promise.resolve(0);
      // The members when it is published; a socket joining later reads the feed for what it missed.
      const recipients = [...sockets];
      const frames = wholeTextFrames(messages.map((message) => JSON.stringify(message)));
      underWay += 1;
      const sent = publishing.then(() => sendToEach(recipients, frames));
      publishing = sent
        .catch(() => undefined)
        .finally(() => {
          underWay -= 1;
        });
      return sent;
    },
    count: (channel) => members.get(channel)?.size ?? 0,
    // Publications run in one chain, so the chain's end is when none is under way.
    idle: () => (underWay === 0 ? Promise.resolve() : publishing.then(() => undefined)),
  };
}
