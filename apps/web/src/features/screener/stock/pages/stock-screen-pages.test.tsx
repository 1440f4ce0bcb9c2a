import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EndpointData } from '../../../../platform/query/endpoint-query.ts';
import { failure, ok, stubApi } from '../../../../testing/api-stub.ts';
import { renderPages } from '../../../../testing/render.tsx';
import { encodeRequest } from '../screen-draft.ts';
import {
  catalogueFixture,
  choiceConditionFixture,
  peConditionFixture,
  peCriterion,
  screenPageFixture,
} from '../stock-screen-fixtures.ts';
import ChooseStockPickerPage from './choose-stock-picker-page.tsx';
import ScreenResultPage from './screen-result-page.tsx';
import StockPickerPage from './stock-picker-page.tsx';

const catalogue = catalogueFixture(
  [
    peConditionFixture(),
    choiceConditionFixture('PLATES', '上市板块', [
      { value: '1', label: '沪市主板', count: 200 },
      { value: '2', label: '深市主板', count: 200 },
    ]),
  ],
  20260304,
);
const presets: EndpointData<'screener.recommend'> = [
  {
    id: 'low-pe',
    tag: '低市盈率',
    description: '市盈率(TTM) 0–15 倍，剔除ST',
    group: '估值',
    request: { seqFlags: 'PE_TTM', PE_TTM_left: 0, PE_TTM_right: 15 },
    count: 42,
  },
];

/** select/num answers by the request: the PE bound and the boards chosen change the count. */
function countOf(params: Record<string, unknown>): number {
  const flags = String(params.seqFlags ?? '');
  let total = 400;
  const right = Number(params.PE_TTM_right ?? 100);
  if (flags.includes('PE_TTM') && Number.isFinite(right)) total = Math.round(right * 3);
  if (flags.includes('PLATES') && params.plates) total = Math.floor(total / 2);
  return total;
}

// The editor's first render loads antd-mobile (its Slider), which takes seconds on a busy machine.
const firstRender = { timeout: 10_000 };

describe('the stock screen pages', { timeout: 20_000 }, () => {
  it('the editor keeps the count live as conditions are chosen and bounds typed', async () => {
    const server = stubApi({
      'screener.listSelectInfo': ok(catalogue),
      'screener.listCommentTags': ok(presets),
      'screener.num': (params) => ok({ total: countOf(params), universe: 400 }),
    });
    renderPages('/choose-stock-picker', {
      '/choose-stock-picker': <ChooseStockPickerPage />,
      '/result-stock-picker': <ScreenResultPage />,
    });
    await waitFor(() => expect(screen.getByTestId('screen-count').textContent).toBe('400'), firstRender);
    fireEvent.click(await screen.findByRole('button', { name: '市盈率(TTM)' }, firstRender));
    const card = await screen.findByRole('region', { name: '市盈率(TTM)' });
    expect(within(card).getByRole('figure', { name: '市盈率(TTM)分布' })).toBeTruthy();
    // The card starts at the whole distribution: 0 – 100 in this catalogue.
    await waitFor(() => expect(screen.getByTestId('screen-count').textContent).toBe('300'));
    fireEvent.change(within(card).getByLabelText('市盈率(TTM)上限'), { target: { value: '20' } });
    await waitFor(() => expect(screen.getByTestId('screen-count').textContent).toBe('60'));
    const last = server.calls('screener.num').at(-1);
    expect(last?.seqFlags).toBe('PE_TTM');
    expect(last?.PE_TTM_right).toBe(20);
    // Emptying the upper bound sends the open bound as the protocol spells it.
    fireEvent.change(within(card).getByLabelText('市盈率(TTM)上限'), { target: { value: '' } });
    await waitFor(() => expect(server.calls('screener.num').at(-1)?.PE_TTM_right).toBe('Infinity'));
    fireEvent.click(screen.getByRole('button', { name: '板块' }));
    fireEvent.click(await screen.findByRole('button', { name: '上市板块' }));
    const plates = await screen.findByRole('region', { name: '上市板块' });
    fireEvent.click(within(plates).getByRole('button', { name: '沪市主板（200）' }));
    await waitFor(() => expect(server.calls('screener.num').at(-1)?.plates).toBe('1'));
    expect(server.calls('screener.num').at(-1)?.seqFlags).toBe('PE_TTM,PLATES');
  });

  it('a preset fills the editor and 查看结果 opens its results', async () => {
    stubApi({
      'screener.listSelectInfo': ok(catalogue),
      'screener.listCommentTags': ok(presets),
      'screener.num': (params) => ok({ total: countOf(params), universe: 400 }),
      'screener.select': (params) => ok(screenPageFixture({ size: params.size })),
    });
    renderPages('/choose-stock-picker', {
      '/choose-stock-picker': <ChooseStockPickerPage />,
      '/result-stock-picker': <ScreenResultPage />,
    });
    fireEvent.click(await screen.findByRole('button', { name: '低市盈率' }, firstRender));
    expect(await screen.findByRole('region', { name: '市盈率(TTM)' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('screen-count').textContent).toBe('45'));
    fireEvent.click(screen.getByRole('button', { name: '查看结果' }));
    expect(await screen.findByText('浦发银行')).toBeTruthy();
  });

  it('results show each row against the bounds, sort by a column and add picked rows to the watchlist', async () => {
    const server = stubApi({
      'screener.select': (params) => {
        const rows = [
          { code: '600000.SH', name: '浦发银行', price: 10, chgPct: 0.01, values: [5.5, 12.1] },
          { code: '000001.SZ', name: '平安银行', price: 12, chgPct: -0.02, values: [6.1, 10.2] },
        ];
        const order = params.sortOrder === 'asc' ? [...rows].reverse() : rows;
        return ok(
          screenPageFixture({
            total: 2,
            size: params.size,
            sortFlag: params.sortFlag ?? 'PE_TTM',
            sortOrder: params.sortOrder,
            criteria: [
              peCriterion(5, 40),
              {
                code: 'ROE',
                name: '净资产收益率(TTM)',
                kind: 'range',
                unit: '%',
                left: 10,
                right: null,
                options: [],
              },
            ],
            list: order,
          }),
        );
      },
    });
    const q = encodeRequest({
      seqFlags: 'PE_TTM,ROE',
      PE_TTM_left: 5,
      PE_TTM_right: 40,
      ROE_left: 10,
      ROE_right: 'Infinity',
    });
    renderPages(`/result-stock-picker?q=${encodeURIComponent(q)}`, {
      '/result-stock-picker': <ScreenResultPage />,
      '/selectAdd': <p>添加自选页</p>,
    });
    expect(await screen.findByText('共 2 只')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByText('5.00倍 – 40.00倍')).toBeTruthy();
    expect(within(table).getByText('≥ 10.00%')).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('浦发银行');
    expect(rows[1]?.textContent).toContain('5.50倍');
    expect(rows[1]?.textContent).toContain('12.10%');
    expect(rows[1]?.textContent).toContain('▲+1.00%');
    fireEvent.click(within(table).getByRole('button', { name: /净资产收益率/ }));
    await waitFor(() => expect(server.calls('screener.select').at(-1)?.sortFlag).toBe('ROE'));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择浦发银行' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择平安银行' }));
    fireEvent.click(screen.getByRole('button', { name: '加入自选' }));
    expect(await screen.findByText('添加自选页')).toBeTruthy();
  });

  it('the results page says so when nothing matches, and offers a retry when the call fails', async () => {
    let fail = true;
    stubApi({
      'screener.select': (params) =>
        fail
          ? failure('999')
          : ok(screenPageFixture({ total: 0, size: params.size, criteria: [], list: [] })),
    });
    renderPages(`/result-stock-picker?q=${encodeURIComponent(encodeRequest({ seqFlags: 'PE_TTM' }))}`, {
      '/result-stock-picker': <ScreenResultPage />,
    });
    const retry = await screen.findByRole('button', { name: '重新加载' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('没有符合全部条件的股票，试试放宽条件')).toBeTruthy();
  });

  // /chooseResult is /ChooseNew's results (spec 2 §2.3 drops it when a new /ChooseNew starts), and
  // /result-stock-picker the stock picker's; each returns to its own editor.
  it('/ChooseNew opens its results on /chooseResult, whose 修改条件 returns to /ChooseNew', async () => {
    stubApi({
      'screener.listSelectInfo': ok(catalogue),
      'screener.listCommentTags': ok(presets),
      'screener.num': (params) => ok({ total: countOf(params), universe: 400 }),
      'screener.select': ok(screenPageFixture()),
    });
    renderPages('/ChooseNew', {
      '/ChooseNew': <ChooseStockPickerPage />,
      '/chooseResult': <ScreenResultPage />,
    });
    fireEvent.click(await screen.findByRole('button', { name: '低市盈率' }, firstRender));
    await waitFor(() => expect(screen.getByTestId('screen-count').textContent).toBe('45'));
    fireEvent.click(screen.getByRole('button', { name: '查看结果' }));
    expect(await screen.findByText('浦发银行')).toBeTruthy();
    const edit = screen.getByRole('link', { name: '修改条件' });
    const back = new URL(edit.getAttribute('href') ?? '', 'http://localhost');
    expect(back.pathname).toBe('/ChooseNew');
    expect(JSON.parse(back.searchParams.get('q') ?? '')).toEqual(presets[0]?.request);
    fireEvent.click(edit);
    expect(await screen.findByRole('region', { name: '市盈率(TTM)' })).toBeTruthy();
  });

  it('/result-stock-picker returns to the stock picker’s editor', async () => {
    stubApi({
      'screener.select': (params) =>
        ok(screenPageFixture({ total: 0, size: params.size, criteria: [], list: [] })),
    });
    const q = encodeRequest({ seqFlags: 'PE_TTM', PE_TTM_left: 0, PE_TTM_right: 15 });
    renderPages(`/result-stock-picker?q=${encodeURIComponent(q)}`, {
      '/result-stock-picker': <ScreenResultPage />,
    });
    const edit = await screen.findByRole('link', { name: '修改条件' });
    expect(edit.getAttribute('href')).toBe(`/choose-stock-picker?q=${encodeURIComponent(q)}`);
  });

  it('/chooseResult?id= (a saved strategy’s link of the original app) goes to /chooseSuper, query kept', async () => {
    renderPages('/chooseResult?id=7&so=app', { '/chooseResult': <ScreenResultPage /> });
    expect((await screen.findByTestId('destination')).textContent).toBe('/chooseSuper?id=7&so=app');
  });

  it('the picker lists the recommended screens with today’s count and the condition groups', async () => {
    stubApi({ 'screener.recommend': ok(presets), 'screener.listSelectInfo': ok(catalogue) });
    renderPages('/stock-picker', { '/stock-picker': <StockPickerPage /> });
    const [item] = await screen.findAllByRole('link', { name: /低市盈率/ });
    expect(item?.getAttribute('href')).toContain('/result-stock-picker?q=');
    expect(screen.getByText('42 只')).toBeTruthy();
    expect(await screen.findByRole('link', { name: /估值/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: '新建选股' }).getAttribute('href')).toBe('/choose-stock-picker');
  });
});
