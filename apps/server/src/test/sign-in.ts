import { createSessionRepository } from '../platform/auth/session.repository.ts';
import { createSessionService, type DeviceKind } from '../platform/auth/sessions.ts';
import { createTokenSigner } from '../platform/auth/tokens.ts';
import { TEST_JWT_SECRET, type TestContext } from './test-app.ts';

/**
 * A user and a live session of theirs without the SMS flow (loginByPhone goes through it and its
 * per-phone and per-IP limits): for tests that need many users or many sessions.
 */
export async function signInUser(
  context: Pick<TestContext, 'database'>,
  nickname: string,
  deviceKind: DeviceKind = 'other',
): Promise<{ token: string; userId: number }> {
  const user = await context.database.db
    .insertInto('users')
    .values({ nickname, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token: await startSession(context, user.id, deviceKind), userId: user.id };
}

/** Another session of an existing user (a second device). */
export function startSession(
  context: Pick<TestContext, 'database'>,
  userId: number,
  deviceKind: DeviceKind = 'other',
): Promise<string> {
  const sessions = createSessionService(
    createSessionRepository(context.database.db),
    createTokenSigner(TEST_JWT_SECRET),
    () => new Date(),
  );
  return sessions.start(userId, deviceKind);
}
