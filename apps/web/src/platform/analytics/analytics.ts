import type { containers } from '@zhicai/contract';
import { currentEnvironment, type Environment } from '../environment.ts';
import { request } from '../request/request.ts';
import { localStore } from '../session/local-store.ts';

/** One tracking event (spec 1 §3 "Analytics event: name and value, with event_name and event_ext1..n"). */
export interface AnalyticsEvent {
  name: string;
  value: Record<string, string>;
}

export type Container = (typeof containers)[number];

/** The container name of the telemetry calls (spec 1 §8: miniWechat, app or wechat; browser else). */
export function containerOf(environment: Environment): Container {
  if (environment.inNativeApp) return 'app';
  if (environment.inMiniProgram) return 'miniWechat';
  if (environment.inWeChat) return 'wechat';
  return 'browser';
}

/** The build mode the page was built in, reported as `env` with each event. */
const buildEnv = import.meta.env.MODE;

/** The event fields hold at most five values (event_ext1 … event_ext5, 512 characters each). */
const maxExtensions = 5;

/** The body of the event call: the values in order become event_ext1 … event_ext5. */
export function eventBody(event: AnalyticsEvent, environment: Environment) {
  const extensions: Record<string, string> = {};
  Object.values(event.value)
    .slice(0, maxExtensions)
    .forEach((value, index) => {
      extensions[`event_ext${index + 1}`] = value.slice(0, 512);
    });
  return {
    event_name: event.name.slice(0, 64),
    ...extensions,
    ...(environment.appVersion ? { appVersion: environment.appVersion } : {}),
    container: containerOf(environment),
    env: buildEnv,
  };
}

const tracking = () => Boolean(localStore.getState().token);

/**
 * Sends an event (spec 1 §7 "event tracking … sent only when a token exists"). Without a token
 * tracking is off and nothing is sent. A lost event is not worth an error on screen.
 */
export function track(name: string, value: Record<string, string>): void {
  if (!tracking()) return;
  void request('telemetry.event', eventBody({ name, value }, currentEnvironment())).catch(() => undefined);
}

/** The page-view record of a route change (spec 1 §4 "Route history"), with the same rule. */
export function trackPageView(path: string, query: string): void {
  if (!tracking()) return;
  void request('telemetry.pageView', { path, query: query || undefined }).catch(() => undefined);
}

export const analytics = { track, trackPageView };
