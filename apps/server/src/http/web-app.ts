import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { href, type RuntimeConfig, runtimeConfigMarker } from '@zhicai/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Hashed build output never changes under its name, so browsers may keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The inline script index.html carries: the runtime configuration as a global. Its text is fixed
 * for the life of the process, so the page's CSP allows it by hash (security-headers.ts).
 */
export function runtimeScript(runtime: RuntimeConfig): string {
  // `<` is escaped so no value can close the script element early.
  return `window.__ZHICAI_RUNTIME__=${JSON.stringify(runtime).replaceAll('<', '\\u003c')}`;
}

export interface WebApp {
  /** Sends index.html with the runtime configuration written in (SPA history fallback). */
  sendIndex(reply: FastifyReply): FastifyReply;
}

/**
 * Serves the built single-page app from `webDist`. index.html is read once and the runtime
 * configuration is written into it, so the client gets the API-lock key and brand without a call.
 * Returns undefined when the web app has not been built.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  runtime: RuntimeConfig,
): Promise<WebApp | undefined> {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) return undefined;

  const script = `<script>${runtimeScript(runtime)}</script>`;
  const indexHtml = readFileSync(indexFile, 'utf8').replace(runtimeConfigMarker, script);

  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    // The SPA fallback lives in the not-found handler, so unknown files fall through to it.
    wildcard: true,
    setHeaders(reply, filePath) {
      const relative = path.relative(webDist, filePath);
      reply.header('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'no-cache');
    },
  });

  const webApp: WebApp = {
    sendIndex: (reply) =>
      reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml),
  };
  // The static plugin refuses the bare folder, so the home page is answered here.
  app.get(href('home'), { schema: { hide: true } }, async (_request, reply) => webApp.sendIndex(reply));
  return webApp;
}
