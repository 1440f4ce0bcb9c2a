import { aboutEndpoints } from './about.ts';
import { alertEndpoints } from './alert.ts';
import { brokerEndpoints } from './broker.ts';
import { communityEndpoints } from './community.ts';
import { configEndpoints } from './config.ts';
import { contentEndpoints } from './content.ts';
import { courseEndpoints } from './course.ts';
import type { Endpoint } from './endpoint.ts';
import { etfEndpoints } from './etf.ts';
import { fundEndpoints } from './fund.ts';
import { indexEndpoints } from './indices.ts';
import { marketEndpoints } from './market.ts';
import { memberEndpoints } from './member.ts';
import { pointsEndpoints } from './points.ts';
import { promoEndpoints } from './promo.ts';
import { reportEndpoints } from './report.ts';
import { screenerEndpoints } from './screener.ts';
import { stockEndpoints } from './stock.ts';
import { telemetryEndpoints } from './telemetry.ts';
import { userEndpoints } from './user.ts';
import { watchlistEndpoints } from './watchlist.ts';

export * from './about.ts';
export * from './alert.ts';
export * from './broker.ts';
export * from './codes.ts';
export * from './community.ts';
export * from './config.ts';
export * from './content.ts';
export * from './course.ts';
export * from './endpoint.ts';
export * from './envelope.ts';
export * from './etf.ts';
export * from './fund.ts';
export * from './indices.ts';
export * from './instrument.ts';
export * from './market.ts';
export * from './member.ts';
export * from './points.ts';
export * from './promo.ts';
export * from './report.ts';
export * from './routes.ts';
export * from './screener.ts';
export * from './screener-fund.ts';
export * from './stock.ts';
export * from './telemetry.ts';
export * from './user.ts';
export * from './watchlist.ts';
export * from './ws.ts';

/** Every endpoint the server serves, by group. New groups join here and so join the fuzz test. */
export const api = {
  config: configEndpoints,
  promo: promoEndpoints,
  user: userEndpoints,
  telemetry: telemetryEndpoints,
  points: pointsEndpoints,
  market: marketEndpoints,
  stock: stockEndpoints,
  etf: etfEndpoints,
  index: indexEndpoints,
  fund: fundEndpoints,
  report: reportEndpoints,
  broker: brokerEndpoints,
  about: aboutEndpoints,
  alert: alertEndpoints,
  watchlist: watchlistEndpoints,
  content: contentEndpoints,
  screener: screenerEndpoints,
  community: communityEndpoints,
  course: courseEndpoints,
  member: memberEndpoints,
} as const;

export const allEndpoints: Endpoint[] = Object.values(api).flatMap((group) => Object.values(group));
