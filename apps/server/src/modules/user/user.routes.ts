import { api } from '@zhicai/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answerWith, registerEndpoint } from '../../http/register-endpoint.ts';
import type { SessionService } from '../../platform/auth/sessions.ts';
import { deviceKindOf } from '../../platform/auth/sessions.ts';
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
    sessions: SessionService;
    users: UserService;
    logins: LoginService;
    smsCodes: SmsCodeService;
  },
): void {
  const { users, logins } = deps;

  // request.ip is the socket address, or the client our proxies name when TRUST_PROXY is set.
  registerEndpoint(app, api.user.isCN, async ({ request }) => users.regionOf(request.ip));

  registerEndpoint(app, api.user.userinfo, async ({ query, user }) =>
    users.profile(user.userId, { maskPhone: query.action !== 'notMsk' }),
  );

  registerEndpoint(app, api.user.vipType, async ({ user }) => users.vipType(user.userId));

  registerEndpoint(app, api.user.getSmsCode, async ({ query, request }) =>
    deps.smsCodes.send(query.phone, request.ip),
  );

  registerEndpoint(app, api.user.bindPhone, async ({ body, request, user }) =>
    loginAnswer(
      await logins.verifyPhone({
        phone: body.phone,
        code: body.code,
        signedIn: user,
        currentToken: tokenHeader(request),
        deviceKind: deviceKindOf(request),
      }),
    ),
  );

  registerEndpoint(app, api.user.logout, async ({ user }) => {
    await deps.sessions.end(user.sessionId);
    return null;
  });

  registerEndpoint(app, api.user.editUserInfo, async ({ body, user }) =>
    users.editProfile(user.userId, body),
  );

  registerEndpoint(app, api.user.abtestTag, async ({ user }) => users.abTest(user.userId));

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

  // The app asks on reopen whether to keep its token; an unusable token is an answer, not an error.
  registerEndpoint(app, api.user.reopenToken, async ({ user }) => ({ valid: user !== null }));
}
