import { registerLocalConsentPage } from '../../platform/wechat/local-consent.routes.ts';
import type { AppModule } from '../app-module.ts';
import { createCommunityRepository } from '../community/community.repository.ts';
import { createOwnImages } from '../community/own-images.ts';
import { createLoginService } from './login.service.ts';
import { createRegionLookup } from './region.ts';
import { createSmsCodeRepository } from './sms-code.repository.ts';
import { createSmsCodeService } from './sms-code.service.ts';
import { createUserRepository } from './user.repository.ts';
import { registerUserRoutes } from './user.routes.ts';
import { createUserService } from './user.service.ts';

/** How often day-old SMS codes and gate rows are dropped. */
const SMS_PRUNE_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** Users: logins (phone, WeChat, test and partner tokens) and the profile; push settings and switches are the alert module's. */
export const userModule: AppModule = {
  group: 'user',
  async register(app, deps) {
    const { db, sessions, platform, clock, logger } = deps;
    const users = createUserRepository(db);
    const uploads = createCommunityRepository(db);
    const ownImageKeys = createOwnImages({ findUploads: uploads.findUploads, storage: platform.storage });
    const smsCodes = createSmsCodeService(createSmsCodeRepository(db), platform.sms, deps.jwtSecret, clock);
    registerUserRoutes(app, {
      sessions,
      smsCodes,
      users: createUserService(users, createRegionLookup(deps.cnCidrs), clock, async (userId, url) => {
        const [key] = await ownImageKeys(userId, [url]);
        return platform.storage.publicUrl(key as string);
      }),
      logins: createLoginService({
        users,
        sessions,
        smsCodes,
        wechat: platform.wechat,
        partner: platform.partner,
        clock,
      }),
    });
    await smsCodes.prune();
    const pruner = setInterval(() => {
      smsCodes.prune().catch((error: unknown) => logger.warn({ err: error }, 'SMS record pruning failed'));
    }, SMS_PRUNE_INTERVAL_MS);
    pruner.unref();
    app.addHook('onClose', async () => clearInterval(pruner));
    // Without WeChat configured, the WeChat login runs through a local stand-in for its consent page.
    if (platform.wechat.kind === 'local') registerLocalConsentPage(app, platform.wechat);
  },
};
