import { randomUUID } from 'node:crypto';
import { Codes } from '@zhicai/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { SessionRepository } from './session.repository.ts';
import type { TokenSigner } from './tokens.ts';

/** Tokens live 180 days; the original service's ten years would make a leaked token permanent. */
export const SESSION_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;

/**
 * Sessions of one user that live side by side (issue 16 item 6: phone, WeChat, desktop…); a login
 * beyond them ends the oldest, whose token then answers 016.
 */
export const OPEN_SESSION_LIMIT = 5;

/** spec 1 §7: the requestFrom header names the kind of device; anything else counts as other. */
export const deviceKinds = ['ios', 'ios-ipad', 'android', 'wechat', 'other'] as const;
export type DeviceKind = (typeof deviceKinds)[number];

export function deviceKindOf(request: FastifyRequest): DeviceKind {
  const header = request.headers.requestfrom;
  const value = typeof header === 'string' ? header.trim().toLowerCase() : '';
  return (deviceKinds as readonly string[]).includes(value) ? (value as DeviceKind) : 'other';
}

export interface SignedInUser {
  userId: number;
  sessionId: string;
}

/** Why a token does not sign anyone in, as the catalogue codes of contract user.ts define them. */
export type TokenRefusal = '015' | '016' | '033' | '036';

export function createSessionService(repository: SessionRepository, tokens: TokenSigner, clock: () => Date) {
  return {
    /**
     * Starts a session and returns its token. A user's sessions live side by side, up to
     * OPEN_SESSION_LIMIT: a login beyond them ends the oldest, whose token then answers 016.
     */
    async start(userId: number, deviceKind: DeviceKind): Promise<string> {
      const now = clock();
      const id = randomUUID();
      const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
      await repository.endOldestOpenSessions(userId, OPEN_SESSION_LIMIT - 1, 'replaced', now.toISOString());
      await repository.insert({
        id,
        userId,
        deviceKind,
        createdAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
      });
      return tokens.sign({
        jti: id,
        sub: String(userId),
        iat: Math.floor(now.getTime() / 1000),
        exp: Math.floor(expiresAt.getTime() / 1000),
      });
    },

    /** The signed-in user behind a token, or the catalogue code saying why there is none. */
    async resolve(token: string): Promise<SignedInUser | TokenRefusal> {
      const claims = tokens.verify(token);
      if (!claims) return '015';
      const session = await repository.findWithUser(claims.jti);
      if (!session || String(session.user_id) !== claims.sub) return '015';
      if (session.end_reason === 'replaced') return '016';
      if (session.end_reason === 'logout' || session.end_reason === 'disabled') return '036';
      const now = clock();
      if (session.disabled === 1) {
        await repository.endSession(session.id, 'disabled', now.toISOString());
        return '036';
      }
      if (claims.exp * 1000 <= now.getTime() || session.expires_at <= now.toISOString()) return '033';
      return { userId: session.user_id, sessionId: session.id };
    },

    async end(sessionId: string): Promise<void> {
      await repository.endSession(sessionId, 'logout', clock().toISOString());
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

function tokenOf(request: FastifyRequest): string {
  const header = request.headers.token;
  return typeof header === 'string' ? header.trim() : '';
}

/**
 * Reads the `token` header for route handlers. Resolution is lazy (public calls never touch the
 * sessions table) and remembered per request, so a handler may ask more than once.
 */
export function createAuthenticator(sessions: SessionService) {
  const resolved = new WeakMap<FastifyRequest, Promise<SignedInUser | TokenRefusal | null>>();

  const lookUp = (request: FastifyRequest) => {
    let result = resolved.get(request);
    if (!result) {
      const token = tokenOf(request);
      result = token === '' ? Promise.resolve(null) : sessions.resolve(token);
      resolved.set(request, result);
    }
    return result;
  };

  return {
    /** The signed-in user, or an AppError with 004 (no token) or the token's refusal code. */
    async requireUser(request: FastifyRequest): Promise<SignedInUser> {
      const result = await lookUp(request);
      // HTTP 200: the client reacts to the code (spec 1 §8), not the status.
      if (result === null) throw new AppError(Codes.notLoggedIn);
      if (typeof result === 'string') throw new AppError(result);
      return result;
    },

    /**
     * The signed-in user, or null when there is no token or it is no longer good. Used by calls
     * that also serve visitors, such as logging in, where a stale token must not get in the way.
     */
    async optionalUser(request: FastifyRequest): Promise<SignedInUser | null> {
      const result = await lookUp(request);
      return result === null || typeof result === 'string' ? null : result;
    },
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
