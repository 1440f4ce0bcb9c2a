import { fireEvent, screen, within } from '@testing-library/react';
import type { AboutInfo, Release } from '@zhicai/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EndpointAnswer, failure, ok, type StubRoutes, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import AboutPage from './about-page.tsx';
import VersionPage from './version-page.tsx';

const about: AboutInfo = {
  description: '知财是一款面向个人投资者的证券信息应用。',
  email: 'service@zhicai.example',
  hotline: null,
  serviceHours: null,
  icp: null,
  disclaimer: '本应用提供的信息仅供参考，不构成任何投资建议。投资有风险，入市需谨慎。',
};

const releases: Release[] = [
  { version: '1.3.0', releasedOn: '2026-11-25', title: '更稳更安全', notes: ['登录与访问频率保护'] },
  { version: '1.2.0', releasedOn: '2026-11-22', title: '财报速览', notes: ['三大报表流向图', '分享图片'] },
];

const pages = { '/about': <AboutPage />, '/version': <VersionPage /> };

function stub(routes: StubRoutes = {}) {
  return stubApi({ 'about.info': ok(about), 'about.releases': ok(releases), ...routes });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/about', () => {
  it('shows the brand with the running version, what the app is, the e-mail and the risk notice', async () => {
    stub();
    renderPages('/about', pages);
    expect(await screen.findByText(about.description)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '知财', level: 2 })).toBeTruthy();
    expect(await screen.findByText('版本 1.3.0')).toBeTruthy();
    const mail = screen.getByRole('link', { name: /客服邮箱/ });
    expect(mail.getAttribute('href')).toBe('mailto:service@zhicai.example');
    expect(within(screen.getByRole('region', { name: '风险提示' })).getByText(about.disclaimer)).toBeTruthy();
  });

  it('leaves out the contacts the operator has not given, and shows the ones given', async () => {
    stub();
    renderPages('/about', pages);
    await screen.findByText(about.description);
    expect(screen.queryByText('客服电话')).toBeNull();
    expect(screen.queryByText('服务时间')).toBeNull();
    expect(screen.queryByText(/ICP/)).toBeNull();

    stub({
      'about.info': ok({
        ...about,
        hotline: '400-820-0000',
        serviceHours: '交易日 9:00–18:00',
        icp: '沪ICP备00000000号',
      }),
    });
    renderPages('/about', pages);
    const call = await screen.findByRole('link', { name: /客服电话/ });
    expect(call.getAttribute('href')).toBe('tel:400-820-0000');
    expect(screen.getByText('交易日 9:00–18:00')).toBeTruthy();
    expect(screen.getByText('沪ICP备00000000号')).toBeTruthy();
  });

  it('leads to 版本信息', async () => {
    stub();
    const { router } = renderPages('/about', pages);
    fireEvent.click(await screen.findByRole('link', { name: /版本信息/ }));
    expect(await screen.findByRole('heading', { name: '版本信息', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/version');
  });

  it('says the about text failed and loads it again on 重新加载', async () => {
    let answer: EndpointAnswer<'about.info'> = failure('999', '系统繁忙，请稍后再试');
    const server = stub({ 'about.info': () => answer });
    renderPages('/about', pages);
    expect((await screen.findByRole('alert')).textContent).toContain('关于我们加载失败');
    answer = ok(about);
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText(about.description)).toBeTruthy();
    expect(server.calls('about.info')).toHaveLength(2);
  });
});

describe('/version', () => {
  it('lists the releases newest first, marks the running one and shows each note', async () => {
    stub();
    renderPages('/version', pages);
    const articles = await screen.findAllByRole('article');
    expect(articles.map((article) => article.getAttribute('aria-label'))).toEqual([
      '版本 1.3.0',
      '版本 1.2.0',
    ]);
    expect(within(articles[0] as HTMLElement).getByText('当前版本')).toBeTruthy();
    expect(within(articles[1] as HTMLElement).queryByText('当前版本')).toBeNull();
    expect(
      within(articles[1] as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['三大报表流向图', '分享图片']);
    expect(within(articles[0] as HTMLElement).getByText('2026-11-25')).toBeTruthy();
  });

  it('says so when there is no release yet', async () => {
    stub({ 'about.releases': ok([]) });
    renderPages('/version', pages);
    expect(await screen.findByText('暂无版本记录')).toBeTruthy();
  });
});
