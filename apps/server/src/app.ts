import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import { allEndpoints, healthDatas, type RuntimeConfig } from '@zhicai/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from './db/database.ts';
import { type TrustProxy, trustProxyOption } from './http/client-ip.ts';
import { success } from './http/envelope.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { installPreRouter } from './http/pre-router.ts';
import { RequestLog } from './http/request-log.ts';
import { installSecurityHeaders, securityHeaders } from './http/security-headers.ts';
import { serverLimits } from './http/server-limits.ts';
import { installTextGuard } from './http/text-guard.ts';
import { registerWebApp, type WebApp } from './http/web-app.ts';
import type { Market } from './market/market.ts';
import { closeSocketsOnShutdown, registerWebsocketHub } from './market/websocket-hub.ts';
import { createBrokerRepository } from './modules/broker/broker.repository.ts';
import { registerBrokerRoutes } from './modules/broker/broker.routes.ts';
import { createBrokerService } from './modules/broker/broker.service.ts';
import { createConfigRepository } from './modules/config/config.repository.ts';
import { registerConfigRoutes } from './modules/config/config.routes.ts';
import { createConfigService } from './modules/config/config.service.ts';
import { registerEtfRoutes } from './modules/etf/etf.routes.ts';
import { registerFundRoutes } from './modules/fund/fund.routes.ts';
import { registerIndexRoutes } from './modules/index/index.routes.ts';
import { registerMarketRoutes } from './modules/market/market.routes.ts';
import { createPointsRepository } from './modules/points/points.repository.ts';
import { registerPointsRoutes } from './modules/points/points.routes.ts';
import { createPointsService } from './modules/points/points.service.ts';
import { createPromoRepository } from './modules/promo/promo.repository.ts';
import { registerPromoRoutes } from './modules/promo/promo.routes.ts';
import { createPromoService } from './modules/promo/promo.service.ts';
import { registerReportRoutes } from './modules/report/report.routes.ts';
import { registerStockRoutes } from './modules/stock/stock.routes.ts';
import { createTelemetryRepository } from './modules/telemetry/telemetry.repository.ts';
import { registerTelemetryRoutes } from './modules/telemetry/telemetry.routes.ts';
import { createTelemetryService } from './modules/telemetry/telemetry.service.ts';
import { createLoginService } from './modules/user/login.service.ts';
import { createRegionLookup } from './modules/user/region.ts';
import { createSmsCodeRepository } from './modules/user/sms-code.repository.ts';
import { createSmsCodeService } from './modules/user/sms-code.service.ts';
import { createUserRepository } from './modules/user/user.repository.ts';
import { registerUserRoutes } from './modules/user/user.routes.ts';
import { createUserService } from './modules/user/user.service.ts';
import { installApiLock } from './platform/auth/api-lock.ts';
import { createSessionRepository } from './platform/auth/session.repository.ts';
import { createAuthenticator, createSessionService } from './platform/auth/sessions.ts';
import { createTokenSigner } from './platform/auth/tokens.ts';
import { registerLocalBrokerPage } from './platform/partner/local-broker.routes.ts';
import type { PlatformServices } from './platform/platform-services.ts';
import { registerLocalConsentPage } from './platform/wechat/local-consent.routes.ts';

// Validation messages reach users, so zod speaks Chinese (spec: UI text is Chinese).
z.config(z.locales.zhCN());

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
}

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
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

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
    },
    transform: jsonSchemaTransform,
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 }, preClose: closeSocketsOnShutdown });

  const configService = createConfigService(createConfigRepository(options.database.db), clock);
  const promoService = createPromoService(createPromoRepository(options.database.db), clock);
  await configService.ensureApiLockToken();
  // Installed before any route so every /v3/ route, present and future, is covered.
  installApiLock(app, {
    enabled: options.apiLock,
    apiLockKey: options.runtime.apiLockKey,
    apiLockToken: () => configService.ensureApiLockToken(),
    clock,
  });

  const { db } = options.database;
  const sessions = createSessionService(
    createSessionRepository(db),
    createTokenSigner(options.jwtSecret),
    clock,
  );
  const auth = createAuthenticator(sessions);
  const userRepository = createUserRepository(db);
  const smsCodes = createSmsCodeService(
    createSmsCodeRepository(db),
    options.platform.sms,
    options.jwtSecret,
    clock,
  );

  registerConfigRoutes(app, configService);
  registerPromoRoutes(app, promoService);
  registerUserRoutes(app, {
    auth,
    sessions,
    smsCodes,
    users: createUserService(userRepository, createRegionLookup(options.cnCidrs), clock),
    logins: createLoginService({
      users: userRepository,
      sessions,
      smsCodes,
      wechat: options.platform.wechat,
      partner: options.platform.partner,
      clock,
    }),
  });
  registerTelemetryRoutes(
    app,
    auth,
    createTelemetryService(createTelemetryRepository(db), app.log, clock),
    clock,
  );
  registerPointsRoutes(app, auth, createPointsService(createPointsRepository(db), clock));
  registerBrokerRoutes(
    app,
    auth,
    createBrokerService({
      repository: createBrokerRepository(db),
      broker: options.platform.broker,
      phoneOf: async (userId) => (await userRepository.findById(userId))?.phone ?? null,
      clock,
    }),
  );
  if (options.platform.wechat.kind === 'local') registerLocalConsentPage(app, options.platform.wechat);
  if (options.platform.broker.kind === 'local') registerLocalBrokerPage(app);
  registerMarketRoutes(app, options.market, preRouter);
  registerStockRoutes(app, options.market);
  registerFundRoutes(app, options.market);
  registerEtfRoutes(app, options.market);
  registerIndexRoutes(app, options.market);
  registerReportRoutes(app, { db, directory: options.market.directory });
  registerWebsocketHub(app, options.market.engine, clock);

  app.get('/healthz', { schema: { hide: true } }, async () =>
    success(healthDatas.parse({ status: 'ok', database: options.database.kind })),
  );
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  webApp = await registerWebApp(app, options.webDist, options.runtime);
  return app;
}
