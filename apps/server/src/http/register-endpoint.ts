import {
  type DatasOf,
  type Endpoint,
  envelopeOf,
  type ResponseCode,
  type ResponseKind,
  responseCodes,
} from '@zhicai/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { success } from './envelope.ts';

/** Catalogue codes that mean success (spec 1 §8), e.g. 014 "success and new user". */
export type SuccessCode = {
  [Code in ResponseCode]: (typeof responseCodes)[Code]['kind'] extends Extract<
    ResponseKind,
    'success' | 'successNewUser'
  >
    ? Code
    : never;
}[ResponseCode];

/** What a handler returns to answer a success code other than 000. */
export class SuccessAnswer<Datas> {
  constructor(
    readonly code: SuccessCode,
    readonly datas: Datas,
  ) {}
}

export function answerWith<Datas>(code: SuccessCode, datas: Datas): SuccessAnswer<Datas> {
  return new SuccessAnswer(code, datas);
}

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

export interface EndpointInput<E extends Endpoint> {
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  params: Parsed<E['params']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Serves one contract endpoint: its schemas validate the request and the response, and the
 * handler only returns `datas`; the envelope is added here. Expected failures are thrown as
 * AppError and become catalogue envelopes in the error handler. A handler that must answer another
 * success code of the catalogue (014 for a new user) returns `answerWith(code, datas)`.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: EndpointInput<E>) => Promise<DatasOf<E> | SuccessAnswer<DatasOf<E>>>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.group],
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      response: { 200: envelopeOf(endpoint.datas) },
    },
    handler: async (request, reply) => {
      const result = await handler({
        query: request.query as Parsed<E['query']>,
        body: request.body as Parsed<E['body']>,
        params: request.params as Parsed<E['params']>,
        request,
        reply,
      });
      if (result instanceof SuccessAnswer) {
        return { code: result.code, message: responseCodes[result.code].message, datas: result.datas };
      }
      return success(result);
    },
  });
}
