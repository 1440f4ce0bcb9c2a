import type { api } from './index.ts';

type Api = typeof api;

/**
 * Each group of `api`, loaded on its own (`@zhicai/contract/api-groups`). A web page calls one or
 * two groups; building the zod schemas of all of them before its first call was about 300 ms of its
 * first content at 4× CPU. A bundler makes one chunk per group here (the schemas groups share, and
 * zod, in chunks of their own), so a page evaluates only the groups it calls. The server and the
 * fuzz test keep `api` and `allEndpoints`, which hold the same objects.
 *
 * The type names every group of `api`, so a group added there fails to compile until it is added here.
 */
export const apiGroups: { readonly [G in keyof Api]: () => Promise<Api[G]> } = {
  config: () => import('./config.ts').then((module) => module.configEndpoints),
  promo: () => import('./promo.ts').then((module) => module.promoEndpoints),
  user: () => import('./user.ts').then((module) => module.userEndpoints),
  telemetry: () => import('./telemetry.ts').then((module) => module.telemetryEndpoints),
  points: () => import('./points.ts').then((module) => module.pointsEndpoints),
  market: () => import('./market.ts').then((module) => module.marketEndpoints),
  stock: () => import('./stock.ts').then((module) => module.stockEndpoints),
  etf: () => import('./etf.ts').then((module) => module.etfEndpoints),
  index: () => import('./indices.ts').then((module) => module.indexEndpoints),
  fund: () => import('./fund.ts').then((module) => module.fundEndpoints),
  report: () => import('./report.ts').then((module) => module.reportEndpoints),
  broker: () => import('./broker.ts').then((module) => module.brokerEndpoints),
  about: () => import('./about.ts').then((module) => module.aboutEndpoints),
  alert: () => import('./alert.ts').then((module) => module.alertEndpoints),
  watchlist: () => import('./watchlist.ts').then((module) => module.watchlistEndpoints),
  content: () => import('./content.ts').then((module) => module.contentEndpoints),
  screener: () => import('./screener.ts').then((module) => module.screenerEndpoints),
  community: () => import('./community.ts').then((module) => module.communityEndpoints),
  course: () => import('./course.ts').then((module) => module.courseEndpoints),
  member: () => import('./member.ts').then((module) => module.memberEndpoints),
};

export type ApiGroupName = keyof Api;
