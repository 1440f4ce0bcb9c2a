import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/register-endpoint.ts';
import type { DiagnosisService } from './diagnosis.service.ts';
import type { StrategyService } from './strategy.service.ts';

const userIdOf = (user: { userId: number } | null) => user?.userId ?? null;

export function registerStrategyRoutes(
  app: FastifyInstance,
  strategies: StrategyService,
  diagnosis: DiagnosisService,
): void {
  const { screener } = api;
  registerEndpoint(app, screener.strategyList, async ({ user }) => strategies.listMine(user.userId, 'stock'));
  registerEndpoint(app, screener.fundStrategyList, async ({ query, user }) =>
    query.type === 1
      ? user === null
        ? []
        : strategies.listMine(user.userId, 'fund')
      : strategies.listHouse(userIdOf(user), 'fund'),
  );

  for (const [kind, calls] of [
    [
      'stock',
      {
        listV2: screener.strategyListV2,
        listV3: screener.strategyListV3,
        add: screener.strategyAdd,
        del: screener.strategyDel,
        rename: screener.strategyRename,
        updateCondition: screener.strategyUpdateCondition,
        info: screener.strategyInfo,
        copy: screener.strategyCopy,
      },
    ],
    [
      'fund',
      {
        listV2: screener.fundStrategyListV2,
        listV3: screener.fundStrategyListV3,
        add: screener.fundStrategyAdd,
        del: screener.fundStrategyDel,
        rename: screener.fundStrategyRename,
        updateCondition: screener.fundStrategyUpdateCondition,
        info: screener.fundStrategyInfo,
        copy: screener.fundStrategyCopy,
      },
    ],
  ] as const) {
    registerEndpoint(app, calls.listV2, async ({ user }) => strategies.listHouse(userIdOf(user), kind));
    registerEndpoint(app, calls.listV3, async ({ user }) => strategies.listBoth(userIdOf(user), kind));
    registerEndpoint(app, calls.add, async ({ body, user }) =>
      strategies.add(user.userId, kind, body.name, body.conditions),
    );
    registerEndpoint(app, calls.del, async ({ body, user }) => strategies.remove(user.userId, kind, body.id));
    registerEndpoint(app, calls.rename, async ({ body, user }) =>
      strategies.rename(user.userId, kind, body.id, body.name),
    );
    registerEndpoint(app, calls.updateCondition, async ({ params, body, user }) =>
      strategies.updateConditions(user.userId, kind, params.id, body.conditions),
    );
    registerEndpoint(app, calls.info, async ({ params, user }) =>
      strategies.info(userIdOf(user), kind, params.id),
    );
    registerEndpoint(app, calls.copy, async ({ body, user }) =>
      strategies.copy(user.userId, kind, body.id, body.name),
    );
  }

  registerEndpoint(app, screener.strategyChanges, async ({ query, user }) =>
    strategies.changes(userIdOf(user), query.id, query.limit),
  );
  registerEndpoint(app, screener.strategyRedPoint, async ({ user }) => strategies.redPoints(userIdOf(user)));
  registerEndpoint(app, screener.strategyRemoveRedPoint, async ({ body, user }) =>
    strategies.removeRedPoint(user.userId, body.id),
  );
  registerEndpoint(app, screener.strategyVersion, async () => strategies.version());
  registerEndpoint(app, screener.stockStrategysDetail, async ({ query, user }) =>
    strategies.strategiesOf(userIdOf(user), query.code),
  );
  registerEndpoint(app, screener.vipData, async ({ body }) => diagnosis.diagnose(body.code));
}
