import { configEndpoints } from './config.ts';
import type { Endpoint } from './endpoint.ts';
import { pointsEndpoints } from './points.ts';
import { promoEndpoints } from './promo.ts';
import { telemetryEndpoints } from './telemetry.ts';
import { userEndpoints } from './user.ts';

export * from './codes.ts';
export * from './config.ts';
export * from './endpoint.ts';
export * from './envelope.ts';
export * from './points.ts';
export * from './promo.ts';
export * from './routes.ts';
export * from './telemetry.ts';
export * from './user.ts';
export * from './ws.ts';

/** Every endpoint the server serves, by group. New groups join here and so join the fuzz test. */
export const api = {
  config: configEndpoints,
  promo: promoEndpoints,
  user: userEndpoints,
  telemetry: telemetryEndpoints,
  points: pointsEndpoints,
} as const;

export const allEndpoints: Endpoint[] = Object.values(api).flatMap((group) => Object.values(group));
