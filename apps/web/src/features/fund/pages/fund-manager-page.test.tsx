import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EndpointAnswer, failure, ok, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import { managerFixture } from '../fund-fixtures.ts';
import FundManagerPage from './fund-manager-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const pages = { '/fundManager': <FundManagerPage /> };

describe('/fundManager', () => {
  it('shows the profile: company, tenure, assets, coloured annual return, education', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2024-06-28T04:00:00Z') });
    const server = stubApi({ 'fund.manager': ok(managerFixture) });
    renderPages('/fundManager?id=M001', pages);
    const profile = await screen.findByRole('region', { name: '基金经理概况' });
    await within(profile).findByRole('heading', { name: '张坤' });
    expect(profile.textContent).toContain('易方达基金');
    expect(profile.textContent).toContain('11 年 232 天');
    expect(profile.textContent).toContain('1235亿元');
    const annual = within(profile).getByText(/15\.23%/);
    expect(annual.textContent).toContain('▲');
    expect(annual.dataset.tone).toBe('up');
    expect(profile.textContent).toContain('清华大学硕士');
    expect(server.calls('fund.manager')[0]?.id).toBe('M001');
  });

  it('folds a long bio and unfolds it on 展开', async () => {
    stubApi({ 'fund.manager': ok(managerFixture) });
    renderPages('/fundManager?id=M001', pages);
    const toggle = await screen.findByRole('button', { name: '展开' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(managerFixture.bio)).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByText(managerFixture.bio)).toBeTruthy();
    expect(screen.getByRole('button', { name: '收起' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('lists managed funds with tenure return coloured and links to their pages', async () => {
    stubApi({ 'fund.manager': ok(managerFixture) });
    renderPages('/fundManager?managerId=M001', pages);
    const funds = await screen.findByRole('region', { name: '在管基金' });
    const link = await within(funds).findByRole('link', { name: '易方达蓝筹精选混合' });
    expect(link.getAttribute('href')).toBe('/fundDetails?code=005827.OF');
    const rows = within(funds).getAllByRole('row');
    expect(rows[1]?.textContent).toMatch(/2018-09-05.*▲.*87\.65%.*412\.0亿/);
    expect(rows[2]?.textContent).toMatch(/▼.*4\.56%.*89\.00亿/);
    expect(rows[2]?.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('down');
  });

  it('shows an error with 重新加载', async () => {
    let answer: EndpointAnswer<'fund.manager'> = failure();
    stubApi({ 'fund.manager': () => answer });
    renderPages('/fundManager?id=M001', pages);
    const alert = await screen.findByRole('alert');
    answer = ok(managerFixture);
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    await screen.findByRole('heading', { name: '张坤' });
  });
});
