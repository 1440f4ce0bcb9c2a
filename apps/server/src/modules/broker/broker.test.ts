import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BROKER_OUTBOX,
  type BrokerPartner,
  BrokerUnavailableError,
} from '../../platform/partner/broker-partner.ts';
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

async function post(app: TestContext, url: string, token?: string) {
  const response = await app.app.inject({
    method: 'POST',
    url,
    payload: {},
    headers: token ? { token } : {},
  });
  return { status: response.statusCode, body: response.json() };
}

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
    expect((await post(context, '/api/v2/broker/homeLogin')).body.code).toBe('004');
    expect((await post(context, '/api/v2/broker/openAccount/init')).body.code).toBe('004');
    expect(await brokerRows(context)).toEqual([]);
  });

  it('tells the broker and counts the notices per user', async () => {
    const now = new Date('2026-11-20T02:00:00.000Z');
    context = await createTestApp({ clock: () => now });
    const login = await loginByPhone(context, phone);
    const first = await post(context, '/api/v2/broker/homeLogin', login.token);
    expect(first.body).toEqual({ code: '000', message: '成功', datas: { notifiedAt: now.toISOString() } });
    await post(context, '/api/v2/broker/homeLogin', login.token);
    expect(await brokerRows(context)).toMatchObject([
      { user_id: login.user.id, home_login_count: 2, home_login_at: now.toISOString(), application_id: null },
    ]);
    expect(outbox(context).filter((entry) => entry.kind === 'homeLogin')).toHaveLength(2);
    expect(outbox(context)[0]?.thirdUserId).toBe(login.user.id);
  });

  it('answers 503 when the broker is down, and records no notice it never got', async () => {
    context = await createTestApp({ platform: { broker: unreachableBroker } });
    const login = await loginByPhone(context, phone);
    const answer = await post(context, '/api/v2/broker/homeLogin', login.token);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: '503', message: '券商服务暂时不可用，请稍后再试' });
    expect(await brokerRows(context)).toEqual([]);
  });
});

describe('broker account-opening initialization (spec 1 §7)', () => {
  it('starts one application and resumes it on the next call', async () => {
    context = await createTestApp();
    const login = await loginByPhone(context, phone);
    const first = await post(context, '/api/v2/broker/openAccount/init', login.token);
    expect(first.body.code).toBe('000');
    const opening = first.body.datas;
    expect(opening).toMatchObject({ status: 'started' });
    expect(opening.openUrl).toBe(`/dev/broker/openAccount?applicationId=${opening.applicationId}`);
    const again = await post(context, '/api/v2/broker/openAccount/init', login.token);
    expect(again.body.datas).toEqual(opening);
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
    const first = (await post(context, '/api/v2/broker/openAccount/init', login.token)).body.datas;
    now = new Date('2026-12-21T02:00:00.000Z');
    const later = (await post(context, '/api/v2/broker/openAccount/init', login.token)).body.datas;
    expect(later.applicationId).not.toBe(first.applicationId);
    expect(later.startedAt).toBe(now.toISOString());

    // The broker reports the account open (its status lands on the row).
    await context.database.db
      .updateTable('broker_accounts')
      .set({ application_status: 'opened' })
      .where('user_id', '=', login.user.id)
      .execute();
    const opened = await post(context, '/api/v2/broker/openAccount/init', login.token);
    expect(opened.body).toMatchObject({ code: '037', message: '您已开户成功，无需重复开户' });
  });

  it('answers 503 when the broker is down and keeps no half-made application', async () => {
    context = await createTestApp({ platform: { broker: unreachableBroker } });
    const login = await loginByPhone(context, phone);
    const answer = await post(context, '/api/v2/broker/openAccount/init', login.token);
    expect(answer.body.code).toBe('503');
    expect(await brokerRows(context)).toEqual([]);
  });
});
