import { registerLocalConsentPage } from '../../platform/wechat/local-consent.routes.ts';
import type { AppModule } from '../app-module.ts';
import { createLoginService } from './login.service.ts';
import { createRegionLookup } from './region.ts';
import { createSmsCodeRepository } from './sms-code.repository.ts';
import { createSmsCodeService } from './sms-code.service.ts';
import { createUserRepository } from './user.repository.ts';
import { registerUserRoutes } from './user.routes.ts';
import { createUserService } from './user.service.ts';

/** Users: logins (phone, WeChat, test and partner tokens) and the profile; push settings and switches are the alert module's. */
export const userModule: AppModule = {
  group: 'user',
  register(app, deps) {
    const { db, sessions, platform, clock } = deps;
    const users = createUserRepository(db);
    const smsCodes = createSmsCodeService(createSmsCodeRepository(db), platform.sms, deps.jwtSecret, clock);
    registerUserRoutes(app, {
      sessions,
      smsCodes,
      users: createUserService(users, createRegionLookup(deps.cnCidrs), clock),
      logins: createLoginService({
        users,
        sessions,
        smsCodes,
        wechat: platform.wechat,
        partner: platform.partner,
        clock,
      }),
    });
    // Without WeChat configured, the WeChat login runs through a local stand-in for its consent page.
    if (platform.wechat.kind === 'local') registerLocalConsentPage(app, platform.wechat);
  },
};
