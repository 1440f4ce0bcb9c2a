import { z } from 'zod';

/**
 * The partner behind t_hb tokens (spec 1 §4: a partner app opens /stock or /hbAggP with t_hb, which
 * is exchanged for our token). Real: an HTTP call to the partner; local: tokens `hb_<userKey>`.
 */
export interface PartnerTokens {
  kind: 'local' | 'partner';
  description: string;
  /** The partner's key for the user behind a token, or null when the partner does not know it. */
  resolveUserKey(token: string): Promise<string | null>;
}

/** Thrown when the partner cannot be asked; the t_hb exchange then fails (the client ignores it). */
export class PartnerUnavailableError extends Error {}

const LOCAL_TOKEN = /^hb_([A-Za-z0-9_-]{1,64})$/;

export function createLocalPartnerTokens(): PartnerTokens {
  return {
    kind: 'local',
    description: 'local tokens hb_<partnerUserKey>',
    async resolveUserKey(token) {
      return LOCAL_TOKEN.exec(token)?.[1] ?? null;
    },
  };
}

const partnerAnswer = z.object({ userKey: z.string().min(1).max(128).nullable() });

/**
 * Asks the partner: POST `{token}` to HB_PARTNER_URL (bearer HB_PARTNER_KEY), answer
 * `{"userKey": "…"}` or `{"userKey": null}` for a token it did not issue.
 */
export function createHttpPartnerTokens(options: {
  url: string;
  key: string | undefined;
  fetch?: typeof fetch;
}): PartnerTokens {
  const send = options.fetch ?? fetch;
  return {
    kind: 'partner',
    description: `partner ${new URL(options.url).origin}`,
    async resolveUserKey(token) {
      let body: unknown;
      try {
        const response = await send(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
          },
          body: JSON.stringify({ token }),
          signal: AbortSignal.timeout(5000),
        });
        body = await response.json();
      } catch (error) {
        throw new PartnerUnavailableError(`partner unreachable: ${String(error)}`);
      }
      const answer = partnerAnswer.safeParse(body);
      if (!answer.success) throw new PartnerUnavailableError('partner answered in an unknown shape');
      return answer.data.userKey;
    },
  };
}
