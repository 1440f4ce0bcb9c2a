import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EndpointAnswer, failure, ok, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import { indexQuotes, industryPlates, industryQuotes } from '../testing/market-fixtures.ts';
import ChooseIndexPage from './choose-index-page.tsx';

let platesAnswer: EndpointAnswer<'market.plateStatV2Page'>;

function setup() {
  return stubApi({
    'market.realTime': ok([...indexQuotes, ...industryQuotes]),
    'market.plateStatV2Page': () => platesAnswer,
  });
}

const renderChooseIndex = () => renderPages('/chooseindex', { '/chooseindex': <ChooseIndexPage /> });

beforeEach(() => {
  platesAnswer = ok(industryPlates);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('指数 tab page', () => {
  it('lists the main indices and the SW industries with live quotes, each leading to its index page', async () => {
    setup();
    renderChooseIndex();
    expect(screen.getByRole('heading', { name: '选股', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('industry-skeleton')).toBeTruthy();
    const main = await screen.findByRole('list', { name: '大盘指数列表' });
    expect(within(main).getAllByRole('link')).toHaveLength(6);
    const industries = await screen.findByRole('list', { name: '行业指数列表' });
    const electronics = within(industries).getByRole('link', { name: /电子/ });
    expect(electronics.getAttribute('href')).toBe('/indexStock?stockCode=801080.ZSI');
    // 3609.2 on a previous close of 3500: +3.12%.
    await waitFor(() => expect(electronics.textContent).toContain('3609'));
    expect(electronics.textContent).toContain('3.12%');
    fireEvent.click(within(main).getByRole('link', { name: /创业板指/ }));
    expect((await screen.findByTestId('destination')).textContent).toBe('/indexStock?stockCode=399006.SZ');
  });

  it('shows an error with 重新加载 for the industries, and an empty state', async () => {
    platesAnswer = failure('999', '系统繁忙，请稍后再试');
    setup();
    renderChooseIndex();
    const section = screen.getByRole('region', { name: '申万行业指数' });
    const retry = await within(section).findByRole('button', { name: '重新加载' });
    platesAnswer = ok({ total: 0, list: [] });
    fireEvent.click(retry);
    expect(await within(section).findByText('暂无行业指数')).toBeTruthy();
  });

  it('reloads everything on pull-to-refresh', async () => {
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(0);
    const server = setup();
    renderChooseIndex();
    await screen.findByRole('list', { name: '行业指数列表' });
    const calls = (name: 'market.realTime' | 'market.plateStatV2Page') => server.calls(name).length;
    await waitFor(() => expect(calls('market.realTime')).toBe(2));
    const surface = screen.getByRole('heading', { name: '大盘指数' });
    await act(async () => {
      fireEvent.touchStart(surface, { touches: [{ clientY: 100 }] });
      fireEvent.touchMove(surface, { touches: [{ clientY: 300 }] });
      fireEvent.touchEnd(surface);
    });
    await waitFor(() => expect(calls('market.plateStatV2Page')).toBe(2));
    await waitFor(() => expect(calls('market.realTime')).toBe(4));
  });
});
