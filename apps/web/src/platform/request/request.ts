import type { DatasOf, Endpoint } from '@zhicai/contract';
import { inBackground } from '../in-background.ts';
import type { Args, EndpointName, EndpointOf } from './request-types.ts';

export type { Api, Args, EndpointName, EndpointOf, ParamsOf, RequestOptions } from './request-types.ts';

/**
 * The request machinery stays out of the first paint (CONVENTIONS "Small initial JS"), but starts
 * loading as soon as this module runs: the first call of a page and the offline toast must not wait
 * for a second round trip. The contract's endpoint objects load by group, on a group's first call
 * or when the shell preloads a page's groups (endpoint-groups.ts).
 */
const sendModule = inBackground(() => import('./send.ts'));
const groupsModule = inBackground(() => import('./endpoint-groups.ts'));

/** The endpoint object of a name, from its lazily loaded group. */
async function resolve(name: EndpointName): Promise<Endpoint> {
  const [group = '', key = ''] = name.split('.');
  const { endpointGroup } = await groupsModule();
  const endpoint = (await endpointGroup(group))[key];
  if (!endpoint) throw new Error(`The contract has no endpoint ${name}`);
  return endpoint;
}

/**
 * Calls one contract endpoint and returns its `datas` (spec 1 §7 "Request rules", §8). A call site
 * names its endpoint as in the contract's `api` object, e.g. `request('config.getAppMenus')`, never
 * a URL; the wrapper loads the endpoint's contract group (and with it zod) lazily, once, for every call site.
 */
export async function request<N extends EndpointName>(
  name: N,
  ...args: Args<EndpointOf<N>>
): Promise<DatasOf<EndpointOf<N>>> {
  const [params, options] = args;
  const [{ send }, endpoint] = await Promise.all([sendModule(), resolve(name)]);
  return send(endpoint, params, options) as Promise<DatasOf<EndpointOf<N>>>;
}

/** The same call for an endpoint object at hand (an endpoint defined outside `api`, tests). */
export async function requestEndpoint<E extends Endpoint>(
  endpoint: E,
  ...args: Args<E>
): Promise<DatasOf<E>> {
  const [params, options] = args;
  const { send } = await sendModule();
  return send(endpoint, params, options) as Promise<DatasOf<E>>;
}

/**
 * The same call for an answer that is not JSON (spec 1 §7 "parsed as JSON, or as text when the
 * data type is not json"): resolves with the body text when the HTTP status is 200.
 */
export async function requestText<N extends EndpointName>(
  name: N,
  ...args: Args<EndpointOf<N>>
): Promise<string> {
  const [params, options] = args;
  const [{ sendText }, endpoint] = await Promise.all([sendModule(), resolve(name)]);
  return sendText(endpoint, params, options);
}
