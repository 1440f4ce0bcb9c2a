import { randomUUID } from 'node:crypto';
import { Codes } from '@zhicai/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { type EndedSessions, inProcessEndedSessions } from './ended-sessions.ts';
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

/**
 * How long a token checked against the sessions table is trusted without reading it again. Sign-out,
 * a login that ends the oldest sessions and a disabled account drop their tokens at once on the
 * instance that ends them, and on every other instance when they share REDIS_URL (ended-sessions.ts);
 * an account disabled in the database, or a session ended elsewhere while Redis drops the message,
 * is refused within this time (the same as the watchlist's LIST_REUSE_MS).
 */
export const SESSION_TRUST_MS = 3000;
/** Trusted tokens kept at most (the oldest checked leave first). */
const TRUSTED_TOKENS = 20_000;

interface TrustedToken {
  user: SignedInUser;
  /** Epoch ms at which the session expires (the earlier of the token's `exp` and the row's). */
  expiresAt: number;
  /** performance.now() of the check against the table. */
  checkedAt: number;
}

/**
 * Tokens checked against the sessions table, by token text: a signed-in request then costs a map
 * lookup instead of the signature, the claims' schema and a session read (issue 16: with these a
 * signed-in call did about 600 requests per CPU-second).
 */
function createTrustedTokens(trustMs: number) {
  const byToken = new Map<string, TrustedToken>();
  const tokenBySession = new Map<string, string>();
  /** Counts the sessions ended here, so a check that read a row before one ended trusts nothing. */
  let ends = 0;

  function drop(sessionId: string): void {
    const token = tokenBySession.get(sessionId);
    if (token === undefined) return;
    tokenBySession.delete(sessionId);
    byToken.delete(token);
  }

  /** Drops the tokens of sessions that ended. */
  function forget(sessionIds: readonly string[]): void {
    ends += sessionIds.length;
    for (const sessionId of sessionIds) drop(sessionId);
  }

  return {
    forget,

    /** A mark to pass to `trust`: the token is trusted only if no session ended in between. */
    mark(): number {
      return ends;
    },

    /** The user a trusted token signs in, 033 once its session expired, null when not trusted. */
    get(token: string, now: number): SignedInUser | '033' | null {
      const trusted = byToken.get(token);
      if (!trusted) return null;
      if (performance.now() - trusted.checkedAt >= trustMs) {
        drop(trusted.user.sessionId);
        return null;
      }
      return trusted.expiresAt <= now ? '033' : trusted.user;
    },

    trust(token: string, user: SignedInUser, expiresAt: number, mark: number): void {
      if (mark !== ends) return;
      if (byToken.size >= TRUSTED_TOKENS) {
        const oldest = byToken.values().next().value as TrustedToken;
        drop(oldest.user.sessionId);
      }
      byToken.set(token, { user, expiresAt, checkedAt: performance.now() });
      tokenBySession.set(user.sessionId, token);
    },
  };
}

export function createSessionService(
  repository: SessionRepository,
  tokens: TokenSigner,
  clock: () => Date,
  options: { trustMs?: number; endedSessions?: EndedSessions } = {},
) {
  const trusted = createTrustedTokens(options.trustMs ?? SESSION_TRUST_MS);
  const endedSessions = options.endedSessions ?? inProcessEndedSessions();
  endedSessions.onEnded((sessionIds) => trusted.forget(sessionIds));

  /**
   * After the rows are ended: a check in flight here or on another instance then either read the
   * ended row or finishes after the forget and trusts nothing (`mark`).
   */
  async function ended(sessionIds: readonly string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    trusted.forget(sessionIds);
    await endedSessions.publish(sessionIds);
  }

  return {
    /**
     * Starts a session and returns its token. A user's sessions live side by side, up to
     * OPEN_SESSION_LIMIT: a login beyond them ends the oldest, whose token then answers 016.
     */
    async start(userId: number, deviceKind: DeviceKind): Promise<string> {
      const now = clock();
      const id = randomUUID();
      const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
      await ended(
        await repository.endOldestOpenSessions(userId, OPEN_SESSION_LIMIT - 1, 'replaced', now.toISOString()),
      );
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
      // While ends published by other instances may be missed, every token reads its row.
      const known = endedSessions.hearsAll() ? trusted.get(token, clock().getTime()) : null;
      if (known !== null) return known;
      const mark = trusted.mark();
      const claims = tokens.verify(token);
      if (!claims) return '015';
      const session = await repository.findWithUser(claims.jti);
      if (!session || String(session.user_id) !== claims.sub) return '015';
      if (session.end_reason === 'replaced') return '016';
      if (session.end_reason === 'logout' || session.end_reason === 'disabled') return '036';
      const now = clock();
      if (session.disabled === 1) {
        await repository.endSession(session.id, 'disabled', now.toISOString());
        await ended([session.id]);
        return '036';
      }
      if (claims.exp * 1000 <= now.getTime() || session.expires_at <= now.toISOString()) return '033';
      const user = { userId: session.user_id, sessionId: session.id };
      trusted.trust(token, user, Math.min(claims.exp * 1000, Date.parse(session.expires_at)), mark);
      return user;
    },

    async end(sessionId: string): Promise<void> {
      await repository.endSession(sessionId, 'logout', clock().toISOString());
      await ended([sessionId]);
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
