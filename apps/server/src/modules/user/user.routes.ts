import { api } from '@zhicai/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answerWith, registerEndpoint } from '../../http/register-endpoint.ts';
import type { SessionService } from '../../platform/auth/sessions.ts';
import { type Authenticator, deviceKindOf } from '../../platform/auth/sessions.ts';
import type { LoginOutcome, LoginService } from './login.service.ts';
import type { SmsCodeService } from './sms-code.service.ts';
import type { UserService } from './user.service.ts';

/** spec 1 §8: 014 is "success and new user", so the client sets its newUser flag. */
function loginAnswer(outcome: LoginOutcome) {
  return outcome.newUser ? answerWith('014', outcome.result) : outcome.result;
}

function tokenHeader(request: FastifyRequest): string {
  const header = request.headers.token;
  return typeof header === 'string' ? header.trim() : '';
}

export function registerUserRoutes(
  app: FastifyInstance,
  deps: {
    auth: Authenticator;
    sessions: SessionService;
    users: UserService;
    logins: LoginService;
    smsCodes: SmsCodeService;
  },
): void {
  const { auth, users, logins } = deps;

  // request.ip is the socket address, or the client our proxies name when TRUST_PROXY is set.
  registerEndpoint(app, api.user.isCN, async ({ request }) => users.regionOf(request.ip));

  registerEndpoint(app, api.user.userinfo, async ({ query, request }) => {
    const { userId } = await auth.requireUser(request);
    return users.profile(userId, { maskPhone: query.action !== 'notMsk' });
  });

  registerEndpoint(app, api.user.vipType, async ({ request }) =>
    users.vipType((await auth.requireUser(request)).userId),
  );

  registerEndpoint(app, api.user.getSmsCode, async ({ query, request }) =>
    deps.smsCodes.send(query.phone, request.ip),
  );

  registerEndpoint(app, api.user.bindPhone, async ({ body, request }) =>
    loginAnswer(
      await logins.verifyPhone({
        phone: body.phone,
        code: body.code,
        signedIn: await auth.optionalUser(request),
        currentToken: tokenHeader(request),
        deviceKind: deviceKindOf(request),
      }),
    ),
  );

  registerEndpoint(app, api.user.logout, async ({ request }) => {
    const { sessionId } = await auth.requireUser(request);
    await deps.sessions.end(sessionId);
    return null;
  });

  registerEndpoint(app, api.user.editUserInfo, async ({ body, request }) =>
    users.editProfile((await auth.requireUser(request)).userId, body),
  );

  registerEndpoint(app, api.user.pushSet, async ({ body, request }) =>
    users.setPush((await auth.requireUser(request)).userId, body.key, body.enabled),
  );

  registerEndpoint(app, api.user.abtestTag, async ({ request }) =>
    users.abTest((await auth.requireUser(request)).userId),
  );

  registerEndpoint(app, api.user.checkTestToken, async ({ query, request }) =>
    logins.exchangeTestToken(query.testToken, deviceKindOf(request)),
  );

  registerEndpoint(app, api.user.wechatLogin, async ({ query, request }) =>
    loginAnswer(await logins.wechatLogin(query.code, deviceKindOf(request))),
  );

  registerEndpoint(app, api.user.wechatShareSign, async ({ query }) => logins.shareSignature(query.url));

  registerEndpoint(app, api.user.exchangeHbToken, async ({ query, request }) =>
    logins.exchangePartnerToken(query.token, deviceKindOf(request)),
  );

  registerEndpoint(app, api.user.switchList, async ({ request }) =>
    users.switches((await auth.requireUser(request)).userId),
  );

  registerEndpoint(app, api.user.editSwitch, async ({ body, request }) =>
    users.setSwitch((await auth.requireUser(request)).userId, body.key, body.enabled),
  );

  // The app asks on reopen whether to keep its token; an unusable token is an answer, not an error.
  registerEndpoint(app, api.user.reopenToken, async ({ request }) => ({
    valid: (await auth.optionalUser(request)) !== null,
  }));
}
