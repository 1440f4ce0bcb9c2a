import { type DatasOf, type Endpoint, envelopeOf } from '@zhicai/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { success } from './envelope.ts';

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

export interface EndpointInput<E extends Endpoint> {
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Serves one contract endpoint: its schemas validate the request and the response, and the
 * handler only returns `datas`; the envelope is added here. Expected failures are thrown as
 * AppError and become catalogue envelopes in the error handler.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: EndpointInput<E>) => Promise<DatasOf<E>>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.group],
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: envelopeOf(endpoint.datas) },
    },
    handler: async (request, reply) => {
      const datas = await handler({
        query: request.query as Parsed<E['query']>,
        body: request.body as Parsed<E['body']>,
        request,
        reply,
      });
      return success(datas);
    },
  });
}
