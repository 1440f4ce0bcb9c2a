import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * A route schema built on the route's first request instead of at registration: a restart
 * registers about two hundred contract endpoints, and building every schema (the contract builds
 * an endpoint's on first read) before listening was a tenth of a second of the start. Fastify
 * hands a schema whose prototype is not Object's to the compilers untouched, so only the
 * compilers here and the OpenAPI transform (lazyJsonSchemaTransform) ever build it.
 */
export class LazySchema {
  #build: (() => z.ZodType) | null;
  #schema: z.ZodType | null = null;

  constructor(build: () => z.ZodType) {
    this.#build = build;
    tally.created += 1;
  }

  get schema(): z.ZodType {
    if (this.#schema === null && this.#build) {
      const started = process.cpuUsage();
      this.#schema = this.#build();
      this.#build = null;
      const spent = process.cpuUsage(started);
      tally.built += 1;
      tally.cpuMicros += spent.user + spent.system;
    }
    return this.#schema as z.ZodType;
  }
}

/**
 * What building the route schemas on first use costs, summed over the process (the server runs one
 * app): the work moved off a restart's clock, which the server-start bench prints beside it.
 */
export interface LazySchemaCost {
  /** Schemas registered (each route's request parts and response). */
  created: number;
  /** Of those, built so far. */
  built: number;
  /** CPU the builds took, milliseconds (the contract's own schemas, built on first read, included). */
  cpuMs: number;
}

const tally = { created: 0, built: 0, cpuMicros: 0 };

export function lazySchemaCost(): LazySchemaCost {
  return { created: tally.created, built: tally.built, cpuMs: Math.round(tally.cpuMicros / 100) / 10 };
}

function built(schema: unknown): z.ZodType {
  return schema instanceof LazySchema ? schema.schema : (schema as z.ZodType);
}

/**
 * The zod validator compiler for a LazySchema (or a zod schema): the part's validator is made on
 * the route's first request, before anything answers it.
 */
export const lazyValidatorCompiler: FastifySchemaCompiler<unknown> = (routeSchema) => {
  let validate: ReturnType<typeof validatorCompiler> | null = null;
  return (data: unknown) => {
    validate ??= validatorCompiler({ ...routeSchema, schema: built(routeSchema.schema) });
    return validate(data);
  };
};

/** The zod response serializer for a LazySchema (or a zod schema), made on its first answer. */
export const lazySerializerCompiler: FastifySerializerCompiler<unknown> = (routeSchema) => {
  let serialize: ReturnType<typeof serializerCompiler> | null = null;
  return (data: unknown) => {
    serialize ??= serializerCompiler({ ...routeSchema, schema: built(routeSchema.schema) });
    return serialize(data);
  };
};

const requestSchemaParts = ['querystring', 'body', 'params', 'headers'] as const;

/**
 * The zod OpenAPI transform (fastify-type-provider-zod) for routes whose schemas are LazySchemas:
 * the document is made on request (/api/openapi.json), so they are built then.
 */
export const lazyJsonSchemaTransform: typeof jsonSchemaTransform = (document) => {
  const { schema } = document;
  if (!schema) return jsonSchemaTransform(document);
  const resolved: Record<string, unknown> = { ...schema };
  for (const part of requestSchemaParts)
    if (resolved[part] !== undefined) resolved[part] = built(resolved[part]);
  if (schema.response) {
    resolved.response = Object.fromEntries(
      Object.entries(schema.response as Record<string, unknown>).map(([status, response]) => [
        status,
        built(response),
      ]),
    );
  }
  return jsonSchemaTransform({ ...document, schema: resolved });
};
