import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * User tokens are HS256 JWTs (reference/protocol.md: claims jti, sub, iat, exp). The token only
 * names a session; the session row decides whether it is still good (see sessions.ts).
 */
export interface TokenClaims {
  /** Session id. */
  jti: string;
  /** User id, as a decimal string (JWT `sub` is a string). */
  sub: string;
  /** Issued at, epoch seconds. */
  iat: number;
  /** Expires at, epoch seconds. */
  exp: number;
}

const claimsSchema = z.object({
  jti: z.string().min(1).max(64),
  sub: z.string().regex(/^\d{1,15}$/),
  iat: z.number().int(),
  exp: z.number().int(),
});

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
/** Anything longer is not a token we issued; refusing early keeps hostile input cheap. */
const MAX_TOKEN_LENGTH = 1024;

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

export function createTokenSigner(secret: string) {
  const sign = (input: string) => createHmac('sha256', secret).update(input).digest();

  return {
    sign(claims: TokenClaims): string {
      const payload = base64url(JSON.stringify(claims));
      return `${HEADER}.${payload}.${sign(`${HEADER}.${payload}`).toString('base64url')}`;
    },

    /**
     * The claims of a token this server signed, or null when it is malformed or its signature is
     * wrong. Expiry is not judged here: the caller compares `exp` with its own clock.
     */
    verify(token: string): TokenClaims | null {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [header, payload, signature] = parts as [string, string, string];
      // Only our own header is accepted, which also rules out alg=none and algorithm confusion.
      if (header !== HEADER) return null;
      // The signature is compared as the text we would have written, not as decoded bytes: Node's
      // base64url decoder also takes padding, the + and / alphabet, unused low bits and skips stray
      // characters, so many spellings decode to the same bytes (issue 14 defect 7). The header and
      // payload need no such care: the signature covers their text exactly as we wrote it.
      const expected = Buffer.from(sign(`${header}.${payload}`).toString('base64url'), 'latin1');
      const given = Buffer.from(signature, 'latin1');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      const claims = claimsSchema.safeParse(decoded);
      return claims.success ? claims.data : null;
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
