import type { ServerMessage, SocketChannel } from '@zhicai/contract';

/** A socket that joined a channel (the websocket hub adds it on a `join` message; ws.ts). */
export interface ChannelSocket {
  /** Sends a message already serialised: one broadcast serialises once for every socket. */
  sendText(text: string): void;
}

/**
 * The sockets that joined each channel (contract ws.ts `socketChannels`), in process: a module
 * publishes a message and every socket in the channel receives it, whoever holds the socket. The
 * websocket hub joins and leaves sockets; modules only publish.
 */
export interface SocketChannels {
  /** Joins a socket; joining again is a no-op. The answer leaves. */
  join(channel: SocketChannel, socket: ChannelSocket): () => void;
  /** Sends to every socket of the channel; answers how many got it. */
  publish(channel: SocketChannel, message: ServerMessage): number;
  count(channel: SocketChannel): number;
}

export function createSocketChannels(): SocketChannels {
  const members = new Map<SocketChannel, Set<ChannelSocket>>();
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
    publish(channel, message) {
      const sockets = members.get(channel);
      if (!sockets || sockets.size === 0) return 0;
      const text = JSON.stringify(message);
      for (const socket of sockets) socket.sendText(text);
      return sockets.size;
    },
    count: (channel) => members.get(channel)?.size ?? 0,
  };
}
