import { configEndpoints } from './config.ts';
import type { Endpoint } from './endpoint.ts';
import { promoEndpoints } from './promo.ts';

export * from './codes.ts';
export * from './config.ts';
export * from './endpoint.ts';
export * from './envelope.ts';
export * from './promo.ts';
export * from './routes.ts';
export * from './ws.ts';

/** Every endpoint the server serves, by group. New groups join here and so join the fuzz test. */
export const api = {
  config: configEndpoints,
  promo: promoEndpoints,
} as const;

export const allEndpoints: Endpoint[] = Object.values(api).flatMap((group) => Object.values(group));
