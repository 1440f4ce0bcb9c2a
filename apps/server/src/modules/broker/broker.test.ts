import { readFileSync } from 'node:fs';
import path from 'node:path';
import { api } from '@zhicai/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BROKER_OUTBOX,
  type BrokerPartner,
  BrokerUnavailableError,
} from '../../platform/partner/broker-partner.ts';
import { call, callRefused } from '../../test/call.ts';
import { loginByPhone } from '../../test/login.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let context: TestContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

const phone = '13800138021';
const unreachableBroker: BrokerPartner = {
  kind: 'broker',
  description: 'a broker that is down',
  notifyHomeLogin: async () => {
    throw new BrokerUnavailableError('down');
  },
  startAccountOpening: async () => {
    throw new BrokerUnavailableError('down');
  },
};

function outbox(app: TestContext): { kind: string; thirdUserId: number; applicationId?: string }[] {
  return readFileSync(path.join(app.dataDir, BROKER_OUTBOX), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

const brokerRows = (app: TestContext) => app.database.db.selectFrom('broker_accounts').selectAll().execute();

describe('broker home login notification (spec 1 §7)', () => {
  it('needs a signed-in user: 004 and nothing recorded', async () => {
    context = await createTestApp();
    expect((await callRefused(context, api.broker.homeLogin)).code).toBe('004');
    expect((await callRefused(context, api.broker.openAccountInit)).code).toBe('004');
    expect(await brokerRows(context)).toEqual([]);
  });

  it('tells the broker and counts the notices per user', async () => {
    const now = new Date('2026-11-20T02:00:00.000Z');
    context = await createTestApp({ clock: () => now });
    const login = await loginByPhone(context, phone);
    const first = await call(context, api.broker.homeLogin, {}, { token: login.token });
    expect(first).toMatchObject({ code: '000', message: '成功' });
    expect(first.datas).toEqual({ notifiedAt: now.toISOString() });
    await call(context, api.broker.homeLogin, {}, { token: login.token });
    expect(await brokerRows(context)).toMatchObject([
      { user_id: login.user.id, home_login_count: 2, home_login_at: now.toISOString(), application_id: null },
    ]);
    expect(outbox(context).filter((entry) => entry.kind === 'homeLogin')).toHaveLength(2);
    expect(outbox(context)[0]?.thirdUserId).toBe(login.user.id);
  });

  it('answers 503 when the broker is down, and records no notice it never got', async () => {
    context = await createTestApp({ platform: { broker: unreachableBroker } });
    const login = await loginByPhone(context, phone);
    const refusal = await callRefused(context, api.broker.homeLogin, {}, { token: login.token });
    expect(refusal).toMatchObject({ status: 503, code: '503', message: '券商服务暂时不可用，请稍后再试' });
    expect(await brokerRows(context)).toEqual([]);
  });
});

describe('broker account-opening initialization (spec 1 §7)', () => {
  it('starts one application and resumes it on the next call', async () => {
    context = await createTestApp();
    const login = await loginByPhone(context, phone);
    const first = await call(context, api.broker.openAccountInit, {}, { token: login.token });
    expect(first.code).toBe('000');
    const opening = first.datas;
    expect(opening).toMatchObject({ status: 'started' });
    expect(opening.openUrl).toBe(`/dev/broker/openAccount?applicationId=${opening.applicationId}`);
    const again = await call(context, api.broker.openAccountInit, {}, { token: login.token });
    expect(again.datas).toEqual(opening);
    expect(outbox(context).filter((entry) => entry.kind === 'accountOpening')).toEqual([
      expect.objectContaining({ thirdUserId: login.user.id, applicationId: opening.applicationId }),
    ]);

    // The local broker's page, where a real broker's page would take over.
    const page = await context.app.inject({ method: 'GET', url: opening.openUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('券商开户（本地模拟）');
    expect(page.body).toContain(opening.applicationId);
    const hostile = await context.app.inject({
      method: 'GET',
      url: '/dev/broker/openAccount?applicationId=%3Cscript%3E',
    });
    expect(hostile.body).not.toContain('<script>');
  });

  it('starts over after 30 days, and refuses a user whose account is open with 037', async () => {
    let now = new Date('2026-11-20T02:00:00.000Z');
    context = await createTestApp({ clock: () => now });
    const login = await loginByPhone(context, phone);
    const first = (await call(context, api.broker.openAccountInit, {}, { token: login.token })).datas;
    now = new Date('2026-12-21T02:00:00.000Z');
    const later = (await call(context, api.broker.openAccountInit, {}, { token: login.token })).datas;
    expect(later.applicationId).not.toBe(first.applicationId);
    expect(later.startedAt).toBe(now.toISOString());

    // The broker reports the account open (its status lands on the row).
    await context.database.db
      .updateTable('broker_accounts')
      .set({ application_status: 'opened' })
      .where('user_id', '=', login.user.id)
      .execute();
    const opened = await callRefused(context, api.broker.openAccountInit, {}, { token: login.token });
    expect(opened).toMatchObject({ code: '037', message: '您已开户成功，无需重复开户' });
  });

  it('answers 503 when the broker is down and keeps no half-made application', async () => {
    context = await createTestApp({ platform: { broker: unreachableBroker } });
    const login = await loginByPhone(context, phone);
    const refusal = await callRefused(context, api.broker.openAccountInit, {}, { token: login.token });
    expect(refusal.code).toBe('503');
    expect(await brokerRows(context)).toEqual([]);
  });
});
