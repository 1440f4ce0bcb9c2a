import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { AlertService } from './alert.service.ts';

export function registerAlertRoutes(app: FastifyInstance, alerts: AlertService): void {
  registerEndpoint(app, api.alert.pricePushlist, async ({ user }) => alerts.list(user.userId));
  registerEndpoint(app, api.alert.pushInfo, async ({ query, user }) =>
    alerts.instrumentAlerts(user.userId, query.code),
  );
  registerEndpoint(app, api.alert.add, async ({ query: { code, ...draft }, user }) =>
    alerts.add(user.userId, code, draft),
  );
  registerEndpoint(app, api.alert.setChange, async ({ query: { id, ...changes }, user }) =>
    alerts.change(user.userId, id, changes),
  );
  registerEndpoint(app, api.alert.deleteByCode, async ({ query, user }) =>
    alerts.deleteByCode(user.userId, query.code),
  );
  registerEndpoint(app, api.alert.listForUserSwitch, async ({ user }) => alerts.listFlat(user.userId));
  registerEndpoint(app, api.alert.batchAdd, async ({ query, body, user }) =>
    alerts.batchAdd(user.userId, query.code, body.alerts),
  );
  registerEndpoint(app, api.alert.batchUpdate, async ({ body: { ids, ...changes }, user }) =>
    alerts.batchUpdate(user.userId, ids, changes),
  );
  registerEndpoint(app, api.alert.delForUserSwitch, async ({ body, user }) =>
    alerts.deleteMany(user.userId, body.ids),
  );
  registerEndpoint(app, api.alert.messageList, async ({ query, user }) =>
    alerts.messages(user.userId, query),
  );
  registerEndpoint(app, api.alert.unreadCount, async ({ user }) => alerts.unreadCount(user.userId));
  registerEndpoint(app, api.alert.readMessages, async ({ body, user }) =>
    alerts.readMessages(user.userId, body),
  );
  registerEndpoint(app, api.alert.pushSet, async ({ body, user }) => alerts.setPush(user.userId, body));
  registerEndpoint(app, api.alert.pushSettings, async ({ user }) => alerts.pushSettings(user.userId));
  registerEndpoint(app, api.alert.switchList, async ({ user }) => alerts.switches(user.userId));
  registerEndpoint(app, api.alert.editSwitch, async ({ body, user }) =>
    alerts.setSwitch(user.userId, body.key, body.enabled),
  );
}
