import type { FastifySchemaCompiler } from 'fastify';
import { lazyValidatorCompiler } from './lazy-schema.ts';

type Validated = { value: unknown };

/**
 * The zod validator compiler (lazy-schema.ts), with the querystring's successful results remembered by the query's
 * content, for hot GET routes polled with the same query again and again (realTime: a 50-code list
 * costs more to validate than to answer from cache). A query schema is a pure function of the
 * query, so a remembered result is the one validation would give; failures are not remembered.
 * The remembered values are frozen, as every request of that query shares them. At `size` distinct
 * queries the memory starts over.
 */
export function memoizedQueryValidator(size = 256): FastifySchemaCompiler<unknown> {
  return (routeSchema) => {
    // Fastify hands the compiler one part's schema at a time: a zod schema or a LazySchema.
    const validate = lazyValidatorCompiler(routeSchema);
    if (routeSchema.httpPart !== 'querystring') return validate;
    const results = new Map<string, Validated>();
    return (data: unknown) => {
      const key = JSON.stringify(data);
      const known = results.get(key);
      if (known) return known;
      const result = validate(data);
      if (typeof result === 'object' && result !== null && 'value' in result && !result.error) {
        if (results.size >= size) results.clear();
        const validated = { value: frozen(result.value) };
        results.set(key, validated);
        return validated;
      }
      return result;
    };
  };
}

function frozen<Value>(value: Value): Value {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) frozen(item);
    Object.freeze(value);
  }
  return value;
}
