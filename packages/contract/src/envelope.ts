import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/**
 * Every HTTP body the server sends: `{code, message, datas}` with `code` a string
 * (reference/protocol.md "Envelope and codes").
 */
export function envelopeOf<Datas extends z.ZodType>(datas: Datas) {
  return z.object({ code: z.string(), message: z.string(), datas });
}

export const anyEnvelope = lazySchema(() => envelopeOf(z.unknown()));
export type Envelope<Datas = unknown> = { code: string; message: string; datas: Datas };
