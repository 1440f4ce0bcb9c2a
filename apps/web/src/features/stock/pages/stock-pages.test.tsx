import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Quote } from '@zhicai/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EndpointName } from '../../../platform/request/request.ts';
import { localStore } from '../../../platform/session/local-store.ts';
import { ok, type StubRoutes, serverFailure, stubApi } from '../../../testing/api-stub.ts';
import { minuteRows, quoteOf } from '../../../testing/quote-fixtures.ts';
import { renderPages } from '../../../testing/render.tsx';
import { save } from '../saved-stock-list.ts';
import { handicap, stockRoutes } from '../testing/stock-fixtures.ts';
import StockHkPage from './stock-hk-page.tsx';
import StockPage from './stock-page.tsx';

const live = vi.hoisted(() => ({
  quotes: new Map<string, Quote>(),
  status: 'ready' as 'loading' | 'ready' | 'error',
  refresh: async () => undefined,
}));

vi.mock('../../../platform/quotes/index.ts', () => ({
  useLiveQuotes: () => ({ ...live, error: null, lastTickAt: Date.now() }),
}));
vi.mock('../../../charts/intraday/index.ts', async () => ({
  IntradayChart: (await import('../../../testing/chart-stubs.tsx')).IntradayChartStub,
}));
vi.mock('../../../charts/kline/index.ts', async () => ({
  KlineChart: (await import('../../../testing/chart-stubs.tsx')).KlineChartStub,
}));
vi.mock('../../../charts/line/index.ts', async () => ({
  ValuationChart: (await import('../../../testing/chart-stubs.tsx')).ValuationChartStub,
}));

function renderAt(path: string) {
  return renderPages(path, {
    '/stock': <StockPage />,
    '/stockHk': <StockHkPage />,
    '/indexStock': <p>指数页</p>,
  }).router;
}

/** The big price and the changes: the element shown for the hidden term of that name. */
function figure(label: string) {
  const term = within(screen.getByRole('region', { name: '行情' })).getByText(label, { selector: 'dt' });
  return (term.nextElementSibling as HTMLElement).firstElementChild as HTMLElement;
}

function cell(label: string) {
  const term = within(screen.getByRole('region', { name: '行情' })).getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

beforeEach(() => {
  live.quotes = new Map([['600519.SH', quoteOf('600519.SH')]]);
  live.status = 'ready';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/stock quote header', () => {
  it('shows a rising quote in red with ▲ and every figure formatted', async () => {
    stubApi(stockRoutes());
    renderAt('/stock?stockCode=600519.SH');
    expect(await screen.findByRole('heading', { name: '贵州茅台' })).toBeTruthy();
    const header = screen.getByRole('region', { name: '行情' });
    expect(header.dataset.tone).toBe('up');
    expect(figure('最新价').textContent).toBe('1520.50');
    expect(figure('最新价').dataset.tone).toBe('up');
    expect(figure('涨跌额').textContent).toBe('▲+20.50');
    expect(figure('涨跌额').dataset.tone).toBe('up');
    expect(figure('涨跌幅').textContent).toBe('▲+1.37%');
    expect(cell('今开').textContent).toBe('1490.00');
    expect(cell('今开').dataset.tone).toBe('down');
    expect(cell('最高').dataset.tone).toBe('up');
    expect(cell('成交量').textContent).toBe('2.35万手');
    expect(cell('成交额').textContent).toBe('35.60亿');
    expect(cell('换手率').textContent).toBe('0.19%');
    expect(cell('振幅').textContent).toBe('3.33%');
    expect(cell('市盈率').textContent).toBe('28.53');
    expect(cell('总市值').textContent).toBe('1.91万亿');
    expect(cell('涨停').textContent).toBe('1650.00');
    expect(cell('涨停').dataset.tone).toBe('up');
    expect(cell('跌停').dataset.tone).toBe('down');
    expect(screen.getByText('沪')).toBeTruthy();
    expect(screen.getByText('600519.SH')).toBeTruthy();
  });

  it('shows a falling quote in green with ▼', async () => {
    live.quotes = new Map([['600519.SH', quoteOf('600519.SH', { price: 1470, chg: -30, chgPct: -0.02 })]]);
    stubApi(stockRoutes());
    renderAt('/stock?stockCode=600519.SH');
    const header = await screen.findByRole('region', { name: '行情' });
    expect(header.dataset.tone).toBe('down');
    expect(figure('最新价').dataset.tone).toBe('down');
    expect(figure('涨跌额').textContent).toBe('▼-30.00');
    expect(figure('涨跌幅').textContent).toBe('▼-2.00%');
    expect(figure('涨跌幅').dataset.tone).toBe('down');
  });

  it('shows the 五档 book, 量比 and 52-week range of the same quote at the fen', async () => {
    stubApi(stockRoutes());
    renderAt('/stock?stockCode=600519.SH');
    const book = await screen.findByRole('table', { name: '五档盘口（单位：手）' });
    const rows = within(book)
      .getAllByRole('row')
      .map((row) => row.textContent);
    // 买 on the left, 卖 on the right, best levels on the first line.
    expect(rows).toEqual([
      '买一1520.4912卖一1520.504',
      '买二1520.483卖二1520.519',
      '买三1520.475卖三1520.521',
      '买四1520.468卖四1520.536',
      '买五1520.452卖五1520.547',
    ]);
    expect(cell('量比').textContent).toBe('1.27');
    expect(cell('52周最高').textContent).toBe('1910.00');
    expect(cell('股息率').textContent).toBe('2.03%');
  });

  it('shows -- for every figure while the quote is missing', async () => {
    live.quotes = new Map();
    live.status = 'loading';
    stubApi(stockRoutes());
    renderAt('/stock?stockCode=600519.SH');
    const header = await screen.findByRole('region', { name: '行情' });
    expect(figure('最新价').textContent).toBe('--');
    expect(figure('涨跌幅').textContent).toBe('--');
    expect(figure('涨跌幅').dataset.tone).toBe('none');
    for (const value of within(header).getAllByRole('definition')) expect(value.textContent).toBe('--');
    // The code stands in for the name until the quote brings it.
    expect(screen.getByRole('heading', { name: '600519.SH' })).toBeTruthy();
  });

  it('offers 重新加载 when the quote fails', async () => {
    live.quotes = new Map();
    live.status = 'error';
    const refresh = vi.fn(async () => undefined);
    live.refresh = refresh;
    stubApi(stockRoutes());
    renderAt('/stock?stockCode=600519.SH');
    const alert = await screen.findByText('行情加载失败');
    fireEvent.click(within(alert.parentElement as HTMLElement).getByRole('button', { name: '重新加载' }));
    expect(refresh).toHaveBeenCalled();
  });
});

describe('/stock chart tabs', () => {
  it('asks subscribeShare for one day, then five, then dayKV2 for the K tabs', async () => {
    const server = stubApi(stockRoutes());
    renderAt('/stock?stockCode=600519.SH');
    expect(await screen.findByRole('img', { name: '分时图 3 分钟 昨收 1500 共 241 分钟' })).toBeTruthy();
    const share = server.calls('market.subscribeShare');
    expect(share.map((params) => params.days)).toEqual([1]);
    expect(share[0]?.code).toBe('600519.SH');

    fireEvent.click(screen.getByRole('tab', { name: '五日' }));
    // Five sessions on one axis; the fixture's history starts after the first day, so its first
    // minute stands in for the previous close.
    expect(await screen.findByRole('img', { name: '5日分时 10 分钟 昨收 1500 共 241 分钟' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '五日' }).getAttribute('aria-selected')).toBe('true');
    expect(server.calls('market.subscribeShare').map((params) => params.days)).toEqual([1, 5]);

    fireEvent.click(screen.getByRole('tab', { name: '日K' }));
    // Forward adjustment divides the days before the 1.1 factor by it.
    expect(
      await screen.findByRole('img', { name: 'K线图 3 根 首收 1354.55 末收 1520.50 指标 MA,VOL,MACD' }),
    ).toBeTruthy();
    expect(server.calls('market.dayKV2').map((params) => params.code)).toEqual(['600519.SH']);

    fireEvent.click(screen.getByRole('button', { name: '不复权' }));
    expect(
      screen.getByRole('img', { name: 'K线图 3 根 首收 1490.00 末收 1520.50 指标 MA,VOL,MACD' }),
    ).toBeTruthy();
    // 后复权 (issue 15): the days from the 1.1 factor on are multiplied by it, the first day stays raw.
    fireEvent.click(screen.getByRole('button', { name: '后复权' }));
    expect(
      screen.getByRole('img', { name: 'K线图 3 根 首收 1490.00 末收 1672.55 指标 MA,VOL,MACD' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'MACD' }));
    expect(screen.getByRole('img', { name: /指标 MA,VOL$/ })).toBeTruthy();
    // BOLL replaces MA over the candles; KDJ and RSI join the sub-panes, two at most (the oldest goes).
    fireEvent.click(screen.getByRole('button', { name: 'BOLL' }));
    fireEvent.click(screen.getByRole('button', { name: 'KDJ' }));
    expect(screen.getByRole('img', { name: /指标 BOLL,VOL,KDJ$/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'RSI' }));
    expect(screen.getByRole('img', { name: /指标 BOLL,KDJ,RSI$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: '成交量' }).getAttribute('aria-pressed')).toBe('false');

    // Weekly and monthly bars come from the same daily history: no second call.
    fireEvent.click(screen.getByRole('tab', { name: '周K' }));
    expect(await screen.findByRole('img', { name: /^K线图 1 根/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '月K' }));
    expect(await screen.findByRole('img', { name: /^K线图 1 根/ })).toBeTruthy();
    expect(server.calls('market.dayKV2')).toHaveLength(1);
  });

  it('measures 五日 from the close before its first day, taken from the daily history', async () => {
    stubApi({
      ...stockRoutes(),
      'market.subscribeShare': (params) =>
        ok(
          params.days === 5
            ? ['20240627', '20240628'].flatMap((date) => minuteRows(date, [1500, 1510]))
            : minuteRows('20240628', [1500]),
        ),
    });
    renderAt('/stock?stockCode=600519.SH');
    await screen.findByRole('img', { name: /^分时图/ });
    fireEvent.click(screen.getByRole('tab', { name: '五日' }));
    // dayKV2 has 20240627 with prevClose 1490: the quote's 1500 is the last day's, not the first's.
    expect(await screen.findByRole('img', { name: '5日分时 4 分钟 昨收 1490 共 241 分钟' })).toBeTruthy();
  });

  it('offers 重新加载 when the minute data fails', async () => {
    let calls = 0;
    stubApi({
      ...stockRoutes(),
      'market.subscribeShare': () => {
        calls += 1;
        return calls === 1 ? serverFailure : ok([]);
      },
    });
    renderAt('/stock?stockCode=600519.SH');
    expect(await screen.findByText('分时数据加载失败')).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('region', { name: '走势图' })).getByRole('button', { name: '重新加载' }),
    );
    expect(await screen.findByText('暂无分时数据')).toBeTruthy();
  });
});

describe('/stock previous and next', () => {
  const list = [
    { code: '600519.SH', type: 'capital' },
    { code: '000001.SZ', type: 'capital' },
    { code: '00700.HK', type: 'hk' },
  ] as const;

  it('wraps from the last entry to the first, replacing the history entry', async () => {
    save(list);
    stubApi(stockRoutes());
    const router = renderAt('/stockHk?stockCode=00700.HK&i=2');
    fireEvent.click(await screen.findByRole('button', { name: '下一只' }));
    await waitFor(() => expect(router.state.location.search).toBe('?stockCode=600519.SH&i=0'));
    expect(router.state.location.pathname).toBe('/stock');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('wraps from the first entry to the last, on the detail page of its type', async () => {
    save(list);
    stubApi(stockRoutes());
    const router = renderAt('/stock?stockCode=600519.SH&i=0');
    fireEvent.click(await screen.findByRole('button', { name: '上一只' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/stockHk'));
    expect(router.state.location.search).toBe('?stockCode=00700.HK&i=2');
    fireEvent.click(await screen.findByRole('button', { name: '上一只' }));
    await waitFor(() => expect(router.state.location.search).toBe('?stockCode=000001.SZ&i=1'));
  });

  it('shows no arrows without i or without a saved list', async () => {
    stubApi(stockRoutes());
    renderAt('/stock?stockCode=600519.SH&i=0');
    await screen.findByRole('region', { name: '行情' });
    expect(screen.queryByRole('button', { name: '下一只' })).toBeNull();
    expect(screen.queryByRole('button', { name: '上一只' })).toBeNull();
  });
});

describe('/stock sections', () => {
  it('shows the profile, valuation, comparison, holders and events', async () => {
    const server = stubApi(stockRoutes());
    renderAt('/stock?stockCode=600519.SH');
    const intro = await screen.findByRole('region', { name: '公司简介' });
    expect(await within(intro).findByText('贵州茅台酒股份有限公司')).toBeTruthy();
    expect(within(intro).getByText('2001-08-27')).toBeTruthy();
    expect(within(intro).getByRole('link', { name: '食品饮料' }).getAttribute('href')).toBe(
      '/indexStock?stockCode=801120.ZSI',
    );
    expect(within(intro).getByRole('link', { name: '白酒概念' }).getAttribute('href')).toBe(
      '/indexStock?stockCode=885001.WI',
    );
    const fold = within(intro).getByRole('button', { name: '展开' });
    fireEvent.click(fold);
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    expect(fold.textContent).toBe('收起');

    const valuation = screen.getByRole('region', { name: '估值' });
    expect(await within(valuation).findByText('当前市盈率处于近5年 35.2% 分位')).toBeTruthy();
    expect(within(valuation).getByText('35.20%')).toBeTruthy();
    expect(within(valuation).getByRole('img', { name: '估值图 2 点 最低,中位,最高' })).toBeTruthy();
    fireEvent.click(within(valuation).getByRole('button', { name: '市净率' }));
    fireEvent.click(within(valuation).getByRole('button', { name: '10年' }));
    expect(await within(valuation).findByText('当前市净率处于近10年 35.2% 分位')).toBeTruthy();
    const pepbCall = server.calls('stock.pepb').at(-1);
    expect(pepbCall?.type).toBe('pb');
    expect(pepbCall?.years).toBe('10Y');

    const compare = screen.getByRole('region', { name: '行业对比' });
    const current = await within(compare).findByRole('row', { current: true });
    expect(within(current).getByText('贵州茅台')).toBeTruthy();
    expect(within(current).getByText('1.91万亿')).toBeTruthy();
    expect(within(current).getByText('30.12%')).toBeTruthy();
    expect(within(compare).getByRole('columnheader', { name: 'ROE' })).toBeTruthy();

    const holders = screen.getByRole('region', { name: '股东户数' });
    expect(await within(holders).findByText('2024-03-31')).toBeTruthy();
    expect(within(holders).getByText('18.00万')).toBeTruthy();
    expect(within(holders).getByText('-2.00%').className).toContain('quote-tone--down');

    const events = screen.getByRole('region', { name: '大事提醒' });
    expect(await within(events).findByText('分红派息')).toBeTruthy();
    expect(within(events).getByText('分红')).toBeTruthy();
    expect(server.calls('stock.eventReminder')[0]?.size).toBe(5);
  });

  const sections: [title: string, name: EndpointName, shown: string][] = [
    ['公司简介', 'stock.stockIntro', '贵州茅台酒股份有限公司'],
    ['估值', 'stock.pepb', '当前市盈率处于近5年 35.2% 分位'],
    ['行业对比', 'stock.industryCompareDetail', '五粮液'],
    ['股东户数', 'stock.holderNumDetails', '2024-03-31'],
    ['大事提醒', 'stock.eventReminder', '分红派息'],
  ];

  for (const [title, name, shown] of sections) {
    it(`${title}: shows the error and loads again on 重新加载`, async () => {
      // Loosely typed on purpose: one handler stands in for five endpoints' own.
      const routes = stockRoutes() as Record<string, StubRoutes[EndpointName]>;
      const answer = routes[name];
      let calls = 0;
      stubApi({
        ...routes,
        [name]: (params: never, call: never) => {
          calls += 1;
          if (calls === 1) return serverFailure;
          return typeof answer === 'function' ? answer(params, call) : answer;
        },
      } as StubRoutes);
      renderAt('/stock?stockCode=600519.SH');
      const section = await screen.findByRole('region', { name: title });
      expect(await within(section).findByText(`${title}加载失败`)).toBeTruthy();
      fireEvent.click(within(section).getByRole('button', { name: '重新加载' }));
      expect(await within(section).findByText(shown)).toBeTruthy();
      expect(calls).toBe(2);
    });
  }

  it('shows the empty states', async () => {
    stubApi({
      ...stockRoutes(),
      'stock.industryCompareDetail': ok({ total: 0, industry: null, catalog: [], list: [] }),
      'stock.holderNumDetails': ok([]),
      'stock.eventReminder': ok([]),
    });
    renderAt('/stock?stockCode=600519.SH');
    expect(await screen.findByText('暂无同行业数据')).toBeTruthy();
    expect(await screen.findByText('暂无股东户数数据')).toBeTruthy();
    expect(await screen.findByText('暂无大事提醒')).toBeTruthy();
  });
});

describe('/stockHk', () => {
  it('leaves out limit prices, plates, comparison and holders, and spans the Hong Kong session', async () => {
    live.quotes = new Map([
      [
        '00700.HK',
        quoteOf('00700.HK', {
          name: '腾讯控股',
          type: 'hk',
          limitUp: null,
          limitDown: null,
          volume: 12_000_000,
        }),
      ],
    ]);
    stubApi(stockRoutes());
    renderAt('/stockHk?stockCode=00700.HK');
    expect(await screen.findByRole('heading', { name: '腾讯控股' })).toBeTruthy();
    expect(screen.getByText('港')).toBeTruthy();
    expect(cell('成交量').textContent).toBe('1200万股');
    expect(screen.queryByText('涨停')).toBeNull();
    expect(await screen.findByRole('img', { name: /共 331 分钟$/ })).toBeTruthy();
    const intro = screen.getByRole('region', { name: '公司简介' });
    expect(await within(intro).findByText('贵州茅台酒股份有限公司')).toBeTruthy();
    expect(within(intro).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('region', { name: '行业对比' })).toBeNull();
    expect(screen.queryByRole('region', { name: '股东户数' })).toBeNull();
    expect(screen.getByRole('region', { name: '估值' })).toBeTruthy();
  });
});

describe('/stockHk quote header', () => {
  it('quotes in 港元 by the spread table, with the board lot, PE/PB, a book in 股 and the 延时 mark', async () => {
    live.quotes = new Map([
      [
        '00700.HK',
        quoteOf('00700.HK', {
          name: '腾讯控股',
          type: 'hk',
          price: 402.4,
          prevClose: 400,
          chg: 2.4,
          limitUp: null,
          limitDown: null,
        }),
      ],
    ]);
    const tencentBook = {
      ...handicap,
      code: '00700.HK',
      price: 402.4,
      bids: [{ price: 402.2, volume: 3000 }],
      asks: [{ price: 402.4, volume: 1500 }],
      lotSize: 100,
      currency: 'HKD' as const,
      delayed: true,
    };
    stubApi({ ...stockRoutes(), 'stock.handicap': ok(tencentBook) });
    renderAt('/stockHk?stockCode=00700.HK');
    const book = await screen.findByRole('table', { name: '五档盘口（单位：股）' });
    expect(figure('最新价').textContent).toBe('402.40');
    expect(figure('涨跌额').textContent).toBe('▲+2.40');
    const header = screen.getByRole('region', { name: '行情' });
    expect(within(header).getByText('港元')).toBeTruthy();
    expect(within(header).getByText('延时')).toBeTruthy();
    expect(cell('每手股数').textContent).toBe('100股');
    expect(cell('成交额').textContent).toBe('35.60亿港元');
    expect(cell('市盈率').textContent).toBe('28.53');
    expect(
      within(book)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toContain('买一402.203000卖一402.401500');
  });
});

describe('/stock 设提醒', () => {
  it('opens the stock’s alert editor (issue 16 item 9)', async () => {
    localStore.getState().setToken('jwt-alice');
    stubApi(stockRoutes());
    renderAt('/stock?stockCode=600519.SH');
    fireEvent.click(await screen.findByRole('button', { name: '设提醒' }));
    expect((await screen.findByTestId('destination')).textContent).toBe('/pushSettingList?code=600519.SH');
    localStore.getState().setToken(null);
  });
});

describe('missing code', () => {
  it('says the code is missing', async () => {
    stubApi({});
    renderAt('/stock');
    expect(await screen.findByText('缺少代码，无法显示详情')).toBeTruthy();
  });
});
