import type { IncomingMessage } from 'node:http';

/**
 * HEAD requests answered by the GET routes, without a HEAD route per GET route.
 *
 * Fastify's default (exposeHeadRoutes) registers a HEAD twin for every GET route: twice the router
 * insertions and route contexts; in a restart's profile, route registration took 32-46 ms with them
 * and 7-15 ms without (issue 15 item 8: a restart answers within 1 s). The app turns them off and,
 * before routing, hands a HEAD request to the router as a GET (Fastify's rewriteUrl, called for
 * every server Fastify makes and for inject). The GET's handler and hooks then run and its status
 * and headers go out; Node sends no body, as it decided when it made the response for a HEAD
 * request (before any listener ran), and keeps the GET's content-length, which is what HTTP asks
 * of a HEAD answer. @fastify/swagger leaves HEAD routes out of the document either way.
 */
const headRequest = Symbol('zhicai.headRequest');

type MarkedRequest = IncomingMessage & { [headRequest]?: true };

/** Fastify's rewriteUrl: the URL unchanged, with a HEAD request turned into a GET for routing. */
export function routeHeadAsGet(request: IncomingMessage): string {
  if (request.method === 'HEAD') {
    request.method = 'GET';
    (request as MarkedRequest)[headRequest] = true;
  }
  // A request a server received always has its URL; the type allows none for a client's request.
  return request.url as string;
}

/** The method the client sent (HEAD for a request routed as a GET), for logs and messages. */
export function clientMethod(request: IncomingMessage): string {
  return (request as MarkedRequest)[headRequest] ? 'HEAD' : (request.method ?? '');
}
