import { registerLocalBrokerPage } from '../../platform/partner/local-broker.routes.ts';
import type { AppModule } from '../app-module.ts';
import { createUserRepository } from '../user/user.repository.ts';
import { createBrokerRepository } from './broker.repository.ts';
import { registerBrokerRoutes } from './broker.routes.ts';
import { createBrokerService } from './broker.service.ts';

/** The partner broker: the home-login notice and account opening (spec 1 §7). */
export const brokerModule: AppModule = {
  group: 'broker',
  register(app, deps) {
    const users = createUserRepository(deps.db);
    registerBrokerRoutes(
      app,
      createBrokerService({
        repository: createBrokerRepository(deps.db),
        broker: deps.platform.broker,
        phoneOf: async (userId) => (await users.findById(userId))?.phone ?? null,
        clock: deps.clock,
      }),
    );
    // Without a broker configured, account opening ends on a local page standing in for the broker's.
    if (deps.platform.broker.kind === 'local') registerLocalBrokerPage(app);
  },
};
