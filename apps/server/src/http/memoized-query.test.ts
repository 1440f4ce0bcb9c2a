import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memoizedQueryValidator } from './memoized-query.ts';

describe('memoized query validation', () => {
  let parses = 0;
  const seen: unknown[] = [];
  const query = z.object({
    codes: z
      .string()
      .regex(/^[A-Z,]+$/)
      .transform((text) => {
        parses += 1;
        return text.split(',');
      }),
  });
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/codes',
    schema: { querystring: query },
    validatorCompiler: memoizedQueryValidator(2),
    handler: async (request) => {
      seen.push(request.query);
      return { codes: request.query.codes, frozen: Object.isFrozen(request.query.codes) };
    },
  });
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  it('validates a repeated query once and answers it the same', async () => {
    parses = 0;
    const first = await app.inject({ method: 'GET', url: '/codes?codes=A,B' });
    const second = await app.inject({ method: 'GET', url: '/codes?codes=A,B' });
    expect(first.json()).toEqual({ codes: ['A', 'B'], frozen: true });
    expect(second.body).toBe(first.body);
    expect(parses).toBe(1);
    // A different query is validated on its own.
    expect((await app.inject({ method: 'GET', url: '/codes?codes=C' })).json().codes).toEqual(['C']);
    expect(parses).toBe(2);
  });

  it('shares only frozen values between requests', () => {
    expect(seen.length).toBeGreaterThan(1);
    for (const value of seen) expect(Object.isFrozen(value)).toBe(true);
  });

  it('refuses an invalid query every time (failures are not remembered)', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await app.inject({ method: 'GET', url: '/codes?codes=a1' });
      expect(response.statusCode).toBe(400);
    }
  });

  it('starts over after `size` distinct queries', async () => {
    parses = 0;
    for (const codes of ['D', 'E', 'F', 'D'])
      await app.inject({ method: 'GET', url: `/codes?codes=${codes}` });
    // D, E fill the memory; F clears it; D is validated again.
    expect(parses).toBe(4);
  });
});
