/**
 * Sessions ended on one instance, told to the others (issue 16: sessions across instances). Each
 * instance trusts a checked token for SESSION_TRUST_MS without reading its row again; a sign-out,
 * a login that ends the oldest sessions or a disabled account is published here once the row is
 * ended, and every instance drops the ended sessions' tokens from its trusted cache when it hears
 * of them. Alone, there is no one to tell (`in-process`); with REDIS_URL the ends travel by Redis
 * pub/sub (`redis`, redis-ended-sessions.ts).
 */
export interface EndedSessions {
  readonly kind: 'in-process' | 'redis';
  /** Tells the other instances that these sessions ended; called after their rows are ended. */
  publish(sessionIds: readonly string[]): Promise<void>;
  /** Calls `listener` with the sessions another instance ended. */
  onEnded(listener: (sessionIds: readonly string[]) => void): void;
  /**
   * Whether this instance hears of every end published elsewhere. While it may miss some (Redis
   * unreachable, the subscription not yet in place), no token may be trusted without its row.
   */
  hearsAll(): boolean;
  close(): Promise<void>;
}

/** One instance: every end happens here, so nothing needs telling. */
export function inProcessEndedSessions(): EndedSessions {
  return {
    kind: 'in-process',
    publish: async () => undefined,
    onEnded: () => undefined,
    hearsAll: () => true,
    close: async () => undefined,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The ended-session bus of this instance (app.ts); tests wait on what it hears. */
    endedSessions: EndedSessions;
  }
}
