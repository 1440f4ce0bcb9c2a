import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoMenus, demoPopup, type StubAnswer, stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { dismissPopup } from '../../promo/index.ts';

let menusAnswer: StubAnswer;

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  menusAnswer = { code: '000', datas: demoMenus };
  stubApi({
    '/api/v2/config/getAppMenus': () => menusAnswer,
    '/api/v2/activity/popup': { code: '000', datas: null },
  });
  dismissPopup(demoPopup.id);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const menuNav = () => screen.findByRole('navigation', { name: '功能入口' });

describe('home page', () => {
  it('has the brand name and a search entry that leads to /search', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: '知财', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '搜索' }).getAttribute('href')).toBe('/search');
  });

  it('shows a skeleton while the menus load, then the menus with their links and badges', async () => {
    renderApp('/');
    expect((await screen.findAllByTestId('menu-skeleton')).length).toBe(10);
    const nav = await menuNav();
    const links = [...nav.querySelectorAll('a')];
    expect(links.map((link) => link.textContent)).toEqual(['行业板块', '热选股器', '新财报速览', '合作活动']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/industry',
      '/stock-picker',
      '/financialReportPreview/600519_SH/20240630',
      'https://partner.example.com/a',
    ]);
    expect(links[3]?.getAttribute('target')).toBe('_blank');
    expect(nav.querySelector('img')?.getAttribute('src')).toBe('/demo/menu/industry.svg');
  });

  it('opens the page of a menu entry', async () => {
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('link', { name: '行业板块' }));
    expect(await screen.findByRole('heading', { name: '行业板块', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/industry');
  });

  it('shows an error with 重新加载, which loads the menus again', async () => {
    menusAnswer = { code: '999', message: '系统繁忙，请稍后再试', datas: null };
    renderApp('/');
    const retry = await screen.findByRole('button', { name: '重新加载' });
    expect(screen.getByText('功能入口加载失败，请检查网络后重试')).toBeTruthy();
    menusAnswer = { code: '000', datas: demoMenus };
    fireEvent.click(retry);
    expect(await menuNav()).toBeTruthy();
  });

  it('says so when there are no menus', async () => {
    menusAnswer = { code: '000', datas: [] };
    renderApp('/');
    expect(await screen.findByText('暂无功能入口')).toBeTruthy();
  });

  it('explains that market data is coming instead of showing numbers', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: '行情数据即将接入' })).toBeTruthy();
    expect(screen.getByText(/不会显示任何模拟数据/)).toBeTruthy();
  });

  it('reloads the menus on pull-to-refresh', async () => {
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(0);
    const fetchMock = stubApi({
      '/api/v2/config/getAppMenus': () => menusAnswer,
      '/api/v2/activity/popup': { code: '000', datas: null },
    });
    renderApp('/');
    await menuNav();
    const menuCalls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).includes('getAppMenus')).length;
    expect(menuCalls()).toBe(1);
    menusAnswer = { code: '000', datas: [{ ...demoMenus[0], id: 99, title: '新入口' }] };
    const surface = screen.getByRole('heading', { name: '行情数据即将接入' });
    await act(async () => {
      fireEvent.touchStart(surface, { touches: [{ clientY: 100 }] });
      fireEvent.touchMove(surface, { touches: [{ clientY: 300 }] });
      fireEvent.touchEnd(surface);
    });
    await waitFor(() => expect(menuCalls()).toBe(2));
    expect(await screen.findByRole('link', { name: '新入口' })).toBeTruthy();
  });
});
