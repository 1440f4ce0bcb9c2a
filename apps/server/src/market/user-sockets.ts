import type { ServerMessage } from '@zhicai/contract';

/** A socket signed in as a user (the hub attaches it after an `auth` message; ws.ts). */
export interface UserSocket {
  userId: number;
  send(message: ServerMessage): void;
  /**
   * Whether the token the socket signed in with still signs this user in: a logout, a replaced
   * session or an expiry elsewhere stops the socket's messages at once, not at its next `auth`.
   */
  stillSignedIn(): Promise<boolean>;
}

/**
 * The open sockets of each user (issue 16 item 4): a module hands a user's message here and every
 * socket signed in as that user, and no other, receives it. The websocket hub attaches and detaches
 * sockets; modules only deliver. Alone, the sockets are this process's (`in-process`); with
 * REDIS_URL a message also reaches the user's sockets on every other instance (`redis`,
 * redis-user-sockets.ts).
 */
export interface UserSockets {
  readonly kind: 'in-process' | 'redis';
  /** Attaches a signed-in socket; the answer detaches it. */
  attach(socket: UserSocket): () => void;
  /**
   * Sends to every socket still signed in as the user; answers how many of this instance's got it
   * (other instances deliver theirs as the message reaches them).
   */
  deliver(userId: number, message: ServerMessage): Promise<number>;
  /** Open sockets of a user on this instance (tests, support). */
  count(userId: number): number;
  /** Closes any connection (Redis); this instance's sockets are the hub's to close. */
  close(): Promise<void>;
}

export function createUserSockets(): UserSockets {
  const byUser = new Map<number, Set<UserSocket>>();
  return {
    kind: 'in-process',
    attach(socket) {
      let sockets = byUser.get(socket.userId);
      if (!sockets) {
        sockets = new Set();
        byUser.set(socket.userId, sockets);
      }
      sockets.add(socket);
      return () => {
        const held = byUser.get(socket.userId);
        if (!held) return;
        held.delete(socket);
        if (held.size === 0) byUser.delete(socket.userId);
      };
    },
    async deliver(userId, message) {
      let delivered = 0;
      for (const socket of [...(byUser.get(userId) ?? [])]) {
        // The map is keyed by the user the socket proved; the check makes sure it still is.
        if (socket.userId !== userId || !(await socket.stillSignedIn())) continue;
        socket.send(message);
        delivered += 1;
      }
      return delivered;
    },
    count: (userId) => byUser.get(userId)?.size ?? 0,
    close: async () => {},
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed-in sockets of each user (app.ts); tests deliver through it. */
    userSockets: UserSockets;
  }
}
