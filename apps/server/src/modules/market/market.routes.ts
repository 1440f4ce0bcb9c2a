import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { type HeaderOf, headerOf, type PreRouter, registerPreRoutedGet } from '../../http/pre-router.ts';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { MarketService } from './market.service.ts';
import type { RankService } from './rank.service.ts';
import { createRealtimeResponder, negotiateEncoding } from './realtime-response.ts';

export function registerMarketRoutes(
  app: FastifyInstance,
  { service, ranks, preRouter }: { service: MarketService; ranks: RankService; preRouter: PreRouter },
): void {
  const endpoints = api.market;

  // The hottest call (every open page polls it each 3 s): the envelope is built from quote texts
  // encoded once per tick and compressed once per tick and code list (realtime-response.ts), and a
  // GET whose querystring has been validated before is answered ahead of Fastify (pre-router.ts).
  const realtime = createRealtimeResponder();
  const answerRealTime = (codes: readonly string[], header: HeaderOf) => {
    const accepted =
      header('x-no-compression') === undefined ? negotiateEncoding(header('accept-encoding')) : null;
    return realtime.answer(codes, service.realTime(codes), accepted).prepared;
  };
  registerPreRoutedGet(
    app,
    preRouter,
    endpoints.realTime,
    (query, header) => answerRealTime(query.codes, header),
    {
      compressesItself: true,
      memoizeQuery: true,
    },
  );
  registerEndpoint(
    app,
    endpoints.realTimePost,
    async ({ body, request }) => answerRealTime(body.codes, headerOf(request.headers)),
    { compressesItself: true },
  );
  registerEndpoint(app, endpoints.dayKV2, async ({ params }) => service.dayK(params.code));
  registerEndpoint(app, endpoints.subscribeShare, async ({ query }) =>
    service.minutes(query.code, query.days),
  );
  registerEndpoint(app, endpoints.search, async ({ query }) => service.search(query.keyword, query.size));
  registerEndpoint(app, endpoints.searchV4, async ({ query }) =>
    service.searchGrouped(query.keyword, query.size),
  );
  registerEndpoint(app, endpoints.hkSearch, async ({ query }) =>
    service.search(query.keyword, query.size, (instrument) => instrument.type === 'hk'),
  );
  registerEndpoint(app, endpoints.queryName, async ({ query }) => service.names(query.codes));
  registerEndpoint(app, endpoints.sameIndustry, async ({ query }) =>
    service.sameIndustry(query.code, query.size),
  );
  registerEndpoint(app, endpoints.getRankNames, async ({ query }) => ranks.names(query.kind));
  registerEndpoint(app, endpoints.getLevelTree, async () => service.levelTree());
  registerEndpoint(app, endpoints.getRank, async ({ query }) =>
    ranks.rank(query.id, query.industry, query.order, query.page, query.size),
  );
  registerEndpoint(app, endpoints.riseFallCapitals, async ({ query }) =>
    service.riseFall(query.sort, query.size),
  );
  registerEndpoint(app, endpoints.plateStatV2Page, async ({ query }) => {
    const rows = service.plates(query.plate, query.ascOrDesc === '1');
    const offset = (query.page - 1) * query.size;
    return { total: rows.length, list: rows.slice(offset, offset + query.size) };
  });
  registerEndpoint(app, endpoints.marketSummary, async () => service.summary());
  registerEndpoint(app, endpoints.plateStatPc, async ({ query }) => {
    const rows = service.plates(query.type === '13' ? 'industry' : 'concept', query.ascOrDesc === '1');
    // `chg` in percent, as the original service sends it.
    return {
      data: rows.map((row) => ({
        code: row.code,
        name: row.name,
        chg: row.chgPct === null ? null : Math.round(row.chgPct * 10000) / 100,
      })),
    };
  });
  // northSummary and southSummary are served by the 沪深港通 part (connect/connect.routes.ts).
}
