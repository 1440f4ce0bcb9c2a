import type { AppMenu } from '@zhicai/contract';
import { expectTypeOf, test } from 'vitest';
import { type EndpointAnswer, failure, ok, type StubParams, type StubRoutes, stubApi } from './api-stub.ts';

// Compiled by `tsc -b`: the stub takes endpoint names, hands each answer function that endpoint's
// parsed params, and types `ok(datas)` by the endpoint it answers for. The calls are never run.
const menu: AppMenu = {
  id: 1,
  title: '行业板块',
  icon: '/demo/menu/industry.svg',
  url: '/industry',
  badge: null,
};

test('answers are keyed by endpoint name', () => {
  expectTypeOf<StubRoutes>().toHaveProperty('fund.baseInfo');
  void (() => {
    stubApi({ 'config.getAppMenus': ok([menu]), 'promo.popup': ok(null), 'fund.fees': failure() });
    // @ts-expect-error: no endpoint has this name
    stubApi({ 'config.getMenus': ok([menu]) });
    // @ts-expect-error: paths are not names
    stubApi({ '/api/v2/config/getAppMenus': ok([menu]) });
  });
});

test('ok(datas) is typed by the endpoint it answers for', () => {
  void (() => {
    // @ts-expect-error: getAppMenus answers a list of menus
    stubApi({ 'config.getAppMenus': ok(menu) });
    // @ts-expect-error: a menu's badge is a string or null, not a number
    stubApi({ 'config.getAppMenus': ok([{ ...menu, badge: 1 }]) });
    // @ts-expect-error: the user info cannot be null
    stubApi({ 'user.userinfo': ok(null) });
    // @ts-expect-error: an answer function answers its own endpoint's datas too
    stubApi({ 'market.getLevelTree': () => ok([menu]) });
    let menus: EndpointAnswer<'config.getAppMenus'> = failure('999', '系统繁忙，请稍后再试', 500);
    menus = ok([menu]);
    // @ts-expect-error: a variable holding one endpoint's answer takes no other datas
    menus = ok({ list: [] });
    stubApi({ 'config.getAppMenus': () => menus });
  });
});

test('an answer function receives the params as the server parses them', () => {
  expectTypeOf<StubParams<'market.getRank'>>().toHaveProperty('page').toEqualTypeOf<number>();
  expectTypeOf<StubParams<'market.getRank'>>().toHaveProperty('order').toEqualTypeOf<'desc' | 'asc'>();
  expectTypeOf<StubParams<'market.realTime'>>().toHaveProperty('codes').toEqualTypeOf<string[]>();
  expectTypeOf<StubParams<'market.dayKV2'>>().toHaveProperty('code').toEqualTypeOf<string>();
  void (() => {
    stubApi({
      'market.subscribeShare': (params) => {
        expectTypeOf(params.days).toEqualTypeOf<number>();
        return ok([]);
      },
      // @ts-expect-error: getRank has no keyword
      'market.getRank': (params) => ok({ total: 0, name: params.keyword, list: [] }),
    });
    const server = stubApi({});
    expectTypeOf(server.calls('fund.navHistory')).items.toHaveProperty('range').toExtend<string>();
    // @ts-expect-error: no endpoint has this name
    server.calls('fund.nav');
  });
});
