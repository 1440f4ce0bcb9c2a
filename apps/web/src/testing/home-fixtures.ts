import type { AppMenu, TempPopup } from '@zhicai/contract';
import { dismissPopup } from '../features/promo/index.ts';
import { ok, stubApi } from './api-stub.ts';

/** The home page's function entries as the demo data serves them (config.getAppMenus). */
export const demoMenus: AppMenu[] = [
  { id: 1, title: '行业板块', icon: '/demo/menu/industry.svg', url: '/industry', badge: null },
  { id: 3, title: '选股器', icon: '/demo/menu/stock-picker.svg', url: '/stock-picker', badge: '热' },
  {
    id: 6,
    title: '财报速览',
    icon: '/demo/menu/report.svg',
    url: '/financialReportPreview/600519_SH/20240630',
    badge: '新',
  },
  {
    id: 11,
    title: '合作活动',
    icon: '/demo/menu/points.svg',
    url: 'https://partner.example.com/a',
    badge: null,
  },
];

/** The home page's activity popup (promo.popup). */
export const demoPopup: TempPopup = { id: 1, activityImg: '/demo/popup/new-user.svg', url: '/newUserParty' };

/**
 * The calls the shell and the home page make, answered as the demo data does, with the home popup
 * already dismissed: it has tests of its own, and elsewhere it would cover the page.
 */
export function stubHomeShell(): ReturnType<typeof stubApi> {
  const server = stubApi({
    'config.getAppMenus': ok(demoMenus),
    'promo.popup': (params) => ok(params.page === '/' ? demoPopup : null),
  });
  dismissPopup(demoPopup.id);
  return server;
}
