import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import { allEndpoints, healthDatas, type RuntimeConfig } from '@zhicai/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from './db/database.ts';
import { type TrustProxy, trustProxyOption } from './http/client-ip.ts';
import { success } from './http/envelope.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { routeHeadAsGet } from './http/head-requests.ts';
import { lazyJsonSchemaTransform, lazySchemaCost } from './http/lazy-schema.ts';
import { installPreRouter } from './http/pre-router.ts';
import { createRateLimits, type RateLimitRules } from './http/rate-limits.ts';
import { installEndpointGuards } from './http/register-endpoint.ts';
import { RequestLog } from './http/request-log.ts';
import { installSecurityHeaders, securityHeaders } from './http/security-headers.ts';
import { serverLimits } from './http/server-limits.ts';
import { type StartQuiet, whenStartQuiet } from './http/start-quiet.ts';
import { installTextGuard } from './http/text-guard.ts';
import { registerWebApp, type WebApp } from './http/web-app.ts';
import { logStartWorkAfterListen } from './market/event-loop-slices.ts';
import type { Market } from './market/market.ts';
import { openUserSockets } from './market/open-user-sockets.ts';
import { createSocketChannels } from './market/socket-channels.ts';
import { closeSocketsOnShutdown, registerWebsocketHub } from './market/websocket-hub.ts';
import { aboutModule } from './modules/about/about.module.ts';
import { alertModule } from './modules/alert/alert.module.ts';
import type { AppModule, ModuleDeps } from './modules/app-module.ts';
import { brokerModule } from './modules/broker/broker.module.ts';
import { communityModule } from './modules/community/community.module.ts';
import { configModule } from './modules/config/config.module.ts';
import { createConfigRepository } from './modules/config/config.repository.ts';
import { createConfigService } from './modules/config/config.service.ts';
import { contentModule } from './modules/content/content.module.ts';
import { courseModule } from './modules/course/course.module.ts';
import { etfModule } from './modules/etf/etf.module.ts';
import { fundModule } from './modules/fund/fund.module.ts';
import { indexModule } from './modules/index/index.module.ts';
import { marketModule } from './modules/market/market.module.ts';
import { memberModule } from './modules/member/member.module.ts';
import { pointsModule } from './modules/points/points.module.ts';
import { promoModule } from './modules/promo/promo.module.ts';
import { reportModule } from './modules/report/report.module.ts';
import { screenerModule } from './modules/screener/screener.module.ts';
import { stockModule } from './modules/stock/stock.module.ts';
import { telemetryModule } from './modules/telemetry/telemetry.module.ts';
import { userModule } from './modules/user/user.module.ts';
import { watchlistModule } from './modules/watchlist/watchlist.module.ts';
import { installApiLock } from './platform/auth/api-lock.ts';
import { openEndedSessions } from './platform/auth/open-ended-sessions.ts';
import { createSessionRepository } from './platform/auth/session.repository.ts';
import { createAuthenticator, createSessionService } from './platform/auth/sessions.ts';
import { createTokenSigner } from './platform/auth/tokens.ts';
import type { PlatformServices } from './platform/platform-services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The start's warm-up (every quote built, quote-engine.ts warm), begun once the requests that
     * came first after listening were answered; pending until the server listens.
     */
    warmUp: Promise<WarmUp>;
  }
}

export interface WarmUp extends StartQuiet {
  /** Milliseconds the warm-up took once begun. */
  ms: number;
  /** Why it failed; the quotes are then built as they are asked for. */
  error?: unknown;
  /** The app closed before the warm-up began: nothing was built, nothing in the background started. */
  closed?: true;
}

// Validation messages reach users, so zod speaks Chinese (spec: UI text is Chinese).
z.config(z.locales.zhCN());

/**
 * Every module the app serves, one per contract group (module.test.ts checks that together they
 * register exactly the contract's endpoints). A new group adds its module here.
 */
export const appModules: readonly AppModule[] = [
  configModule,
  promoModule,
  userModule,
  telemetryModule,
  pointsModule,
  brokerModule,
  marketModule,
  stockModule,
  fundModule,
  etfModule,
  indexModule,
  reportModule,
  aboutModule,
  alertModule,
  watchlistModule,
  contentModule,
  screenerModule,
  communityModule,
  courseModule,
  memberModule,
];

export interface AppOptions {
  database: DatabaseHandle;
  runtime: RuntimeConfig;
  /** Folder of the built web app; the SPA is served only when it holds index.html. */
  webDist: string;
  logger: FastifyBaseLogger | boolean;
  clock?: () => Date;
  /** Signs user tokens (secrets.ts). */
  jwtSecret: string;
  /** API_LOCK: require signatures on /v3/ calls. */
  apiLock: boolean;
  /** TRUST_PROXY: which proxies' X-Forwarded-For entries give the client address. */
  trustProxy: TrustProxy;
  /** Mainland CIDR ranges for isCN. */
  cnCidrs: readonly string[];
  /** SMS, WeChat and the t_hb partner, real or local. */
  platform: PlatformServices;
  /** The market: instrument master, quote engine and its SQL (market/market.ts). */
  market: Market;
  /** The modules to serve; all of them (appModules) unless a test wraps them. */
  modules?: readonly AppModule[];
  /** The numbers of the rate-limit classes; http/rate-limits.ts's unless a test needs small ones. */
  rateLimitRules?: RateLimitRules;
  /** REVIEWER_PHONES: who may review comments and feedback; nobody unless given. */
  reviewerPhones?: readonly string[];
  /** REDIS_URL: a user's messages reach their sockets on every instance; unset keeps them here. */
  redisUrl?: string | undefined;
  /**
   * When the modules' background work (ModuleDeps.startBackground) starts: as each module registers
   * (the default: test apps, which never listen), or once the server listens (server.ts), so a first
   * start serves before the screens build.
   */
  backgroundStarts?: 'registration' | 'listening';
}

/**
 * zod validates and serialises (fastify-type-provider-zod). Given as the compilers' factories rather
 * than set after, Fastify does not load its own JSON-schema compilers (Ajv, fast-json-stringify)
 * at start. Fastify types the factories as Ajv's; at run time each returns the route compiler, as
 * setValidatorCompiler and setSerializerCompiler would set it.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** 1 MiB: more than any JSON call needs; uploads go to object storage, not through the API. */
const BODY_LIMIT = 1024 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? (() => new Date());
  const app = Fastify({
    ...(typeof options.logger === 'boolean'
      ? { logger: options.logger }
      : { loggerInstance: options.logger }),
    bodyLimit: BODY_LIMIT,
    logController: new RequestLog(),
    // Answer keep-alive sockets' idle time quickly on shutdown while in-flight requests finish.
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
    // HEAD is answered by the GET routes (head-requests.ts) rather than by a twin route per GET.
    exposeHeadRoutes: false,
    rewriteUrl: routeHeadAsGet,
    schemaController: { compilersFactory: zodCompilers },
    trustProxy: trustProxyOption(options.trustProxy),
    // Request and header time limits; parser and router errors answered in the envelope.
    ...serverLimits(),
  });
  // While shutting down, responses to in-flight requests end their keep-alive connection, so the
  // close finishes as soon as the last request has been answered.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook rather than an async one: it runs on every response, and an async hook costs a
  // promise and a microtask each time.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // Answers repeated realTime GETs ahead of Fastify (pre-router.ts); while closing it leaves every
  // request to Fastify, which answers them as above.
  const headers = securityHeaders(options.runtime);
  installSecurityHeaders(app, headers);
  const preRouter = installPreRouter(app, { closing: () => closing, headers: headers.api });
  app.decorate('preRouter', preRouter);
  installTextGuard(app);

  let webApp: WebApp | undefined;
  installErrorHandling(app, {
    knownApiPaths: () => new Set(allEndpoints.map((endpoint) => endpoint.path)),
    webApp: () => webApp,
  });

  await app.register(compress, { threshold: 1024 });
  await app.register(swagger, {
    openapi: {
      info: {
        title: '知财 API',
        version: '1.0.0',
        description: '每个响应均为 {code, message, datas} 信封，code 为字符串。',
      },
      components: {
        // Calls marked with it need a logged-in user: the token the login calls answer.
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
      },
    },
    // The contract endpoints' schemas are built on first use (lazy-schema.ts): the document builds
    // them when it is asked for.
    transform: lazyJsonSchemaTransform,
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 }, preClose: closeSocketsOnShutdown });

  // The API-lock token belongs to the platform (the lock checks signatures with it) and is kept
  // with the client configuration; the config module serves it (apiOuth).
  const apiLockTokens = createConfigService(createConfigRepository(options.database.db), clock);
  await apiLockTokens.ensureApiLockToken();
  // Installed before any route so every /v3/ route, present and future, is covered.
  installApiLock(app, {
    enabled: options.apiLock,
    apiLockKey: options.runtime.apiLockKey,
    apiLockToken: () => apiLockTokens.ensureApiLockToken(),
    clock,
  });

  const { db } = options.database;
  // Sessions ended on one instance leave every instance's trusted tokens at once (REDIS_URL).
  const endedSessions = await openEndedSessions({ redisUrl: options.redisUrl, log: app.log });
  app.log.info(`ended sessions: ${endedSessions.kind}`);
  app.decorate('endedSessions', endedSessions);
  app.addHook('onClose', () => endedSessions.close());
  const sessions = createSessionService(
    createSessionRepository(db),
    createTokenSigner(options.jwtSecret),
    clock,
    { endedSessions },
  );
  const auth = createAuthenticator(sessions);
  installEndpointGuards(app, { auth, limits: createRateLimits(clock, options.rateLimitRules) });
  // Sockets signed in as a user: the hub attaches them, the alert module delivers through them.
  const userSockets = await openUserSockets({ redisUrl: options.redisUrl, log: app.log });
  app.log.info(`user sockets: ${userSockets.kind}`);
  app.decorate('userSockets', userSockets);
  // After the modules' own onClose hooks (Fastify runs them in reverse), so deliveries they wait
  // for still reach other instances.
  app.addHook('onClose', () => userSockets.close());
  // Channels any socket may join (the 7×24 flashes): the hub joins them, modules publish.
  const socketChannels = createSocketChannels();

  const background: (() => void)[] = [];
  let warmedUp: (warmUp: Promise<WarmUp>) => void = () => undefined;
  app.decorate(
    'warmUp',
    new Promise<WarmUp>((resolve) => {
      warmedUp = resolve;
    }),
  );
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
  });
  app.addHook('onListen', async () => {
    const starts = background.splice(0);
    // The engine builds every quote in slices (quote-engine.ts warm) once the requests that came
    // first are answered (start-quiet.ts), so a restart's first answers do not wait behind it.
    const warmUp = whenStartQuiet(app.server).then(async (quiet): Promise<WarmUp> => {
      // An app closed meanwhile (its database with it) builds nothing more.
      if (closed) return { ...quiet, ms: 0, closed: true };
      const started = performance.now();
      const error = await options.market.engine.warm().then(
        () => undefined,
        (failure: unknown) => failure,
      );
      return { ...quiet, ms: Math.round(performance.now() - started), ...(error ? { error } : {}) };
    });
    warmedUp(warmUp);
    // Background work reads quotes: it starts once the engine has built them, so none of it builds
    // the whole market's in one block right after listening.
    void warmUp.then((done) => {
      if (!done.closed) for (const start of starts) start();
    });
  });

  const deps: ModuleDeps = {
    db,
    market: options.market,
    platform: options.platform,
    sessions,
    userSockets,
    socketChannels,
    apiLockToken: () => apiLockTokens.ensureApiLockToken(),
    preRouter,
    clock,
    logger: app.log,
    jwtSecret: options.jwtSecret,
    cnCidrs: options.cnCidrs,
    reviewerPhones: options.reviewerPhones ?? [],
    startBackground: (start) => {
      if (options.backgroundStarts === 'listening') background.push(start);
      else start();
    },
  };
  for (const module of options.modules ?? appModules) await module.register(app, deps);
  registerWebsocketHub(app, options.market.engine, clock, {
    sessions,
    userSockets,
    channels: socketChannels,
  });

  app.get('/healthz', { schema: { hide: true } }, async () =>
    success(healthDatas.parse({ status: 'ok', database: options.database.kind })),
  );
  // The document builds every route's schema (lazy-schema.ts): what a restart moved off its clock,
  // logged once for the server-start bench.
  let schemaCostLogged = false;
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => {
    const document = app.swagger();
    if (!schemaCostLogged) {
      schemaCostLogged = true;
      const cost = lazySchemaCost();
      logStartWorkAfterListen(app.log, 'route schemas built on first use', cost.cpuMs, {
        schemas: cost.built,
        registered: cost.created,
      });
    }
    return document;
  });

  webApp = await registerWebApp(app, options.webDist, options.runtime);
  return app;
}
