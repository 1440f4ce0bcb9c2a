import type { ServerMessage, SocketChannel } from '@zhicai/contract';
import { type EventLoopSlices, eventLoopSlices, type SliceOptions } from './event-loop-slices.ts';
import { wholeTextFrames } from './tick-encoder.ts';

/** A socket that joined a channel (the websocket hub adds it on a `join` message; ws.ts). */
export interface ChannelSocket {
  /**
   * Takes whole text frames written back to back (wholeTextFrames), the same buffer for every
   * socket of the channel, and calls `done` once they are written (true) or dropped with a socket
   * that closed or could not take them (false). The hub writes them with the socket's next beat
   * (websocket-hub.ts), in the same write as its tick.
   */
  sendFrames(frames: Buffer, done: (written: boolean) => void): void;
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
   * once all have been written. Every socket reads publications in the order they were published.
   */
  publish(channel: SocketChannel, messages: readonly ServerMessage[]): Promise<number>;
  count(channel: SocketChannel): number;
  /**
   * Announces a publication on its way for the beat under way (a flash whose insert is still
   * running, as on PostgreSQL): the hub's fan-out of that beat's tick waits for it, up to
   * announcedWaitMs, so a socket gets the flash in the same write as its tick, not in a second one.
   */
  announce(publication: Promise<unknown>): void;
  /**
   * Resolves once the publications announced since the last call are settled and every publication
   * is handed to its sockets (a large channel's hand-over runs in slices), or announcedWaitMs after
   * the call.
   */
  announced(): Promise<void>;
}

/**
 * How long a tick's fan-out waits for announced publications. A flash's insert takes a few
 * milliseconds; a stalled database must not hold every socket's tick for longer than this.
 */
export const announcedWaitMs = 100;

/**
 * A flash goes to every socket on the 7×24 page (issue 17 benchmark: 10,000 sockets, p99 ≤ 300 ms):
 * its messages are serialised and framed once, into one buffer that every socket is handed. Handing
 * it over only queues it (the hub writes it in slices with the socket's tick), so a publication costs
 * one pass over the members here, however many there are. That pass runs in slices too (`options`:
 * event-loop-slices.ts): handing 10,000 sockets their frames took 10–15 ms at the open, one block of
 * the event loop, beside the open's other work.
 */
export function createSocketChannels(options: SliceOptions = {}): SocketChannels {
  const members = new Map<SocketChannel, Set<ChannelSocket>>();
  const announcements = new Set<Promise<unknown>>();
  /**
   * Hand-overs that yielded to the event loop and are not done, and the last of them: a publication
   * made meanwhile is handed over after them, so every socket gets publications in their order.
   */
  let handOversUnderWay = 0;
  let lastHandOver: Promise<void> = Promise.resolve();

  /** Hands the recipients from `from` on their frames, yielding between slices. */
  async function handRest(
    recipients: readonly ChannelSocket[],
    from: number,
    frames: Buffer,
    done: (written: boolean) => void,
    slices: EventLoopSlices,
  ): Promise<void> {
    let index = from;
    try {
      for (; index < recipients.length; index += 1) {
        if (slices.spent()) await slices.next();
        (recipients[index] as ChannelSocket).sendFrames(frames, done);
      }
    } catch {
      // A socket that threw took nothing, nor do the ones after it: the publication still answers.
      for (; index < recipients.length; index += 1) done(false);
    } finally {
      handOversUnderWay -= 1;
    }
  }

  /**
   * Hands every recipient the frames: at once while the first slice lasts and nothing is under way
   * (a channel of a few sockets is handed its frames before publish returns), the rest in slices.
   */
  function handOver(recipients: readonly ChannelSocket[], frames: Buffer, done: (written: boolean) => void) {
    if (handOversUnderWay > 0) {
      handOversUnderWay += 1;
      lastHandOver = lastHandOver.then(() => handRest(recipients, 0, frames, done, eventLoopSlices(options)));
      return;
    }
    const slices = eventLoopSlices(options);
    let index = 0;
    for (; index < recipients.length && !slices.spent(); index += 1)
      (recipients[index] as ChannelSocket).sendFrames(frames, done);
    if (index === recipients.length) return;
    handOversUnderWay += 1;
    lastHandOver = handRest(recipients, index, frames, done, slices);
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
      return new Promise((resolve) => {
        let waiting = recipients.length;
        let written = 0;
        const done = (wrote: boolean) => {
          if (wrote) written += 1;
          waiting -= 1;
          if (waiting === 0) resolve(written);
        };
        handOver(recipients, frames, done);
      });
    },
    count: (channel) => members.get(channel)?.size ?? 0,
    announce(publication) {
      const settled = publication.then(
        () => undefined,
        () => undefined,
      );
      announcements.add(settled);
      void settled.then(() => announcements.delete(settled));
    },
    announced() {
      // Each announcement holds one fan-out at most: one that stalled holds no later tick.
      const waiting = [...announcements];
      announcements.clear();
      // A hand-over still in slices: the sockets it has not reached would get the flash in a write
      // after their tick's instead of in the same one.
      if (handOversUnderWay > 0) waiting.push(lastHandOver);
      if (waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, announcedWaitMs);
        timer.unref();
        void Promise.all(waiting).then(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
