import type { api } from '@zhicai/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { PreRouter } from '../http/pre-router.ts';
import type { Market } from '../market/market.ts';
import type { SocketChannels } from '../market/socket-channels.ts';
import type { UserSockets } from '../market/user-sockets.ts';
import type { SessionService } from '../platform/auth/sessions.ts';
import type { PlatformServices } from '../platform/platform-services.ts';

/**
 * What a module may use, built once by buildApp. A module builds its own repositories and services
 * from these; anything two modules or a module and the platform share (the market, the sessions,
 * the API-lock token) is built before the modules and handed in here.
 */
export interface ModuleDeps {
  db: Kysely<Database>;
  /** The instrument master, the quote engine and the market's SQL (market/market.ts). */
  market: Market;
  /** SMS, WeChat, the t_hb partner and the broker, real or local. */
  platform: PlatformServices;
  /** Logins and logouts; the endpoint guards read the same sessions. */
  sessions: SessionService;
  /** The open sockets of each signed-in user, to deliver a user's own messages (price alerts). */
  userSockets: UserSockets;
  /** The channels any socket may join (the 7×24 flashes), to publish to every socket in one. */
  socketChannels: SocketChannels;
  /** The API-lock token the /v3/ signatures are made with (created once, kept in the database). */
  apiLockToken: () => Promise<string>;
  /** Answers a few hot GETs ahead of Fastify (http/pre-router.ts). */
  preRouter: PreRouter;
  clock: () => Date;
  logger: FastifyBaseLogger;
  /** The secret user tokens are signed with; SMS codes are stored as hashes keyed by it. */
  jwtSecret: string;
  /** Mainland CIDR ranges for isCN. */
  cnCidrs: readonly string[];
  /** The phones of the users who review reported comments and answer feedback (REVIEWER_PHONES). */
  reviewerPhones: readonly string[];
  /**
   * Starts work a module keeps up in the background (a screen's daily table, the after-close pass)
   * once the server serves: a start answers requests before that work, which asks for the table
   * on demand if a request comes first.
   */
  startBackground: (start: () => void) => void;
}

/** A contract group's name: the same name runs through contract, server module and web feature. */
export type GroupName = keyof typeof api;

/**
 * One server module: the single entry of `modules/<group>/`. `register` builds the module's
 * repositories and services from `deps` and registers the endpoints of its contract group, and
 * nothing else that is in the contract (module.test.ts holds this); pages the module owns outside
 * /api (a report PDF, a local stand-in for a partner page) register here as well.
 */
export interface AppModule {
  group: GroupName;
  register(app: FastifyInstance, deps: ModuleDeps): void | Promise<void>;
}
