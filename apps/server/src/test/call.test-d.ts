import { api, type DatasOf } from '@zhicai/contract';
import { expectTypeOf, test } from 'vitest';
import { call, callSettled } from './call.ts';
import type { TestContext } from './test-app.ts';

// Compiled by `tsc -b` (npm test): a change that loosens these types fails the type check.
test('call types what an endpoint sends and what it answers', async () => {
  const context = {} as TestContext;
  const fund = await call(context, api.fund.baseInfo, { query: { code: '005827.OF' } });
  expectTypeOf(fund.datas).toEqualTypeOf<DatasOf<typeof api.fund.baseInfo>>();
  await call(context, api.market.dayKV2, { params: { code: '600519.SH' } });
  await call(context, api.config.getAppMenus);
  await call(context, api.broker.homeLogin, {}, { token: 'a token' });
  await call(context, api.alert.editSwitch, { body: { key: 'showVolume', enabled: true } }, { token: 't' });

  const settled = await callSettled(context, api.user.getSmsCode, { query: { phone: '13800138000' } });
  if (settled.ok) expectTypeOf(settled.datas).toEqualTypeOf<DatasOf<typeof api.user.getSmsCode>>();
  else expectTypeOf(settled.datas).toBeUnknown();

  // @ts-expect-error: baseInfo needs its query
  await call(context, api.fund.baseInfo);
  // @ts-expect-error: the query has no `id`
  await call(context, api.fund.baseInfo, { query: { id: '1' } });
  // @ts-expect-error: dayKV2 needs its path parameter
  await call(context, api.market.dayKV2, {});
  // @ts-expect-error: getAppMenus sends no body
  await call(context, api.config.getAppMenus, { body: { key: 1 } });
  // @ts-expect-error: callSettled types its input as call does
  await callSettled(context, api.user.getSmsCode, { query: { mobile: '13800138000' } });
});
