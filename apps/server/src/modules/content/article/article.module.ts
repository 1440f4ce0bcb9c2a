import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../app-module.ts';
import { createArticleRepository } from './article.repository.ts';
import { registerArticleRoutes } from './article.routes.ts';
import { createArticleService } from './article.service.ts';
import { createArticleDemoContent } from './demo-content.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo articles and papers: tests wait on `settled()` before reading them. */
    articleContent: { settled(): Promise<void>; write(): Promise<void> };
  }
}

/** How often the demo writer looks for a session that has closed since it last wrote. */
const WRITE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Articles, columns, papers and banners: the calls, and the demo content written from the market
 * in the background (the first start writes the recent days without holding up the server).
 */
export function registerArticleContent(app: FastifyInstance, deps: ModuleDeps): void {
  const repository = createArticleRepository(deps.db);
  registerArticleRoutes(app, createArticleService(repository, deps.clock));

  const demo = createArticleDemoContent({
    repository,
    market: deps.market,
    clock: deps.clock,
    logger: deps.logger,
  });
  let running: Promise<void> = Promise.resolve();
  const closing = new AbortController();
  const write = () => {
    running = running
      .then(() => demo.write(closing.signal))
      .catch((error: unknown) => {
        if (!closing.signal.aborted) deps.logger.warn({ err: error }, 'demo articles could not be written');
      });
    return running;
  };
  // Once the server serves: the first pass writes every paper and column, seconds at full size.
  deps.startBackground(() => void write());
  const timer = setInterval(() => void write(), WRITE_INTERVAL_MS);
  timer.unref();
  app.decorate('articleContent', { settled: () => running, write });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    closing.abort();
    await running;
  });
}
