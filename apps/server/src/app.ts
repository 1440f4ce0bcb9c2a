import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import { allEndpoints, healthDatas, type RuntimeConfig } from '@zhicai/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from './db/database.ts';
import { success } from './http/envelope.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { registerWebApp, type WebApp } from './http/web-app.ts';
import { registerWebsocketHub } from './market/websocket-hub.ts';
import { createConfigRepository } from './modules/config/config.repository.ts';
import { registerConfigRoutes } from './modules/config/config.routes.ts';
import { createConfigService } from './modules/config/config.service.ts';
import { createPromoRepository } from './modules/promo/promo.repository.ts';
import { registerPromoRoutes } from './modules/promo/promo.routes.ts';
import { createPromoService } from './modules/promo/promo.service.ts';

// Validation messages reach users, so zod speaks Chinese (spec: UI text is Chinese).
z.config(z.locales.zhCN());

export interface AppOptions {
  database: DatabaseHandle;
  runtime: RuntimeConfig;
  /** Folder of the built web app; the SPA is served only when it holds index.html. */
  webDist: string;
  logger: FastifyBaseLogger | boolean;
  clock?: () => Date;
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
    // Answer keep-alive sockets' idle time quickly on shutdown while in-flight requests finish.
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
  });
  // While shutting down, responses to in-flight requests end their keep-alive connection, so the
  // close finishes as soon as the last request has been answered.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
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
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  const configService = createConfigService(createConfigRepository(options.database.db), clock);
  const promoService = createPromoService(createPromoRepository(options.database.db), clock);
  await configService.ensureApiLockToken();

  registerConfigRoutes(app, configService);
  registerPromoRoutes(app, promoService);
  registerWebsocketHub(app, clock);

  app.get('/healthz', { schema: { hide: true } }, async () =>
    success(healthDatas.parse({ status: 'ok', database: options.database.kind })),
  );
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  webApp = await registerWebApp(app, options.webDist, options.runtime);
  return app;
}
