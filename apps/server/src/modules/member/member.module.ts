import { registerLocalCashier } from '../../platform/payment/local-cashier.routes.ts';
import type { AppModule } from '../app-module.ts';
import { createMemberRepository } from './member.repository.ts';
import { registerMemberRoutes, registerPaymentNotify } from './member.routes.ts';
import { createMemberService } from './member.service.ts';
import { seedMember } from './seed-member.ts';

/** 会员: goods, orders and payment, coupons, the free trial (contract member.ts). */
export const memberModule: AppModule = {
  group: 'member',
  async register(app, deps) {
    await seedMember(deps.db);
    const service = createMemberService({
      repository: createMemberRepository(deps.db),
      payment: deps.platform.payment,
      clock: deps.clock,
      logger: deps.logger,
    });
    registerMemberRoutes(app, service);
    await registerPaymentNotify(app, service);
    // Without a merchant account, payments go through a local cashier page standing in for WeChat's.
    if (deps.platform.payment.kind === 'local') await registerLocalCashier(app, deps.platform.payment);
  },
};
