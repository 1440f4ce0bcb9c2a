import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlowDrawing } from '../../../charts/flow/index.ts';
import type { Environment } from '../../../platform/environment.ts';
import { type ApiStub, failure, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import {
  balanceReason,
  cashFlowReason,
  incomeReason,
  reportOf,
  reportRoutes,
} from '../testing/report-fixtures.ts';
import FinancialReportPreviewPage from './financial-report-preview-page.tsx';

const mocks = vi.hoisted(() => ({
  environment: {
    kind: 'browser',
    device: 'ios',
    appVersion: null,
    inWeChat: false,
    inMiniProgram: false,
    inNativeApp: false,
    requestFrom: 'other',
  } as Environment,
  bridgeCalls: [] as { method: string; args: unknown }[],
  appInfo: { isPad: false, version: '2022102000' },
  html2canvas: vi.fn(),
  toastError: vi.fn(),
  idle: new Map<number, () => void>(),
  idleHandles: 0,
  warmFlowChart: vi.fn(),
  cancelWarmUp: vi.fn(),
}));

vi.mock('../../../platform/environment.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  currentEnvironment: () => mocks.environment,
  isInNativeApp: () => mocks.environment.inNativeApp,
}));

vi.mock('../../../platform/bridge/native-bridge.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  nativeBridge: {
    isAvailable: () => mocks.environment.inNativeApp,
    call: async (method: string, args: unknown) => {
      mocks.bridgeCalls.push({ method, args });
      if (!mocks.environment.inNativeApp) return { ok: false, reason: 'notInApp' };
      return { ok: true, value: method === 'appInfo' ? mocks.appInfo : undefined };
    },
  },
}));

vi.mock('../../../charts/flow/index.ts', async (importOriginal) => {
  const { useEffect, useRef } = await import('react');
  const { flowPixelRatio } = await importOriginal<typeof import('../../../charts/flow/index.ts')>();
  return {
    flowPixelRatio,
    FlowChart: ({ kind, onDrawn }: { kind: string; onDrawn?: (drawing: FlowDrawing) => void }) => {
      const ref = useRef<HTMLCanvasElement>(null);
      useEffect(() => {
        if (ref.current)
          onDrawn?.({
            canvas: ref.current,
            layout: { width: 1800, height: 900 } as FlowDrawing['layout'],
            palette: {} as FlowDrawing['palette'],
          });
      }, [onDrawn]);
      return (
        <figure>
          <canvas ref={ref} data-testid={`chart-${kind}`} width={1800} height={900} />
        </figure>
      );
    },
    warmFlowChart: mocks.warmFlowChart,
  };
});

vi.mock('html2canvas', () => ({ default: mocks.html2canvas }));

vi.mock('../../../ui/toast/toast.ts', () => ({
  toast: Object.assign(vi.fn(), { error: mocks.toastError, success: vi.fn() }),
}));

function renderAt(path: string) {
  const pages = {
    '/': <p>首页</p>,
    '/financialReportPreview/:stock/:reportPeriod': <FinancialReportPreviewPage />,
    '/financialReportPreview/:stock': <FinancialReportPreviewPage />,
    '/pdf': <p>PDF 页</p>,
  };
  return renderPages(path, pages, { history: ['/'] }).router;
}

function requested(server: ApiStub) {
  return server.calls('report.finreportQuick').map((params) => `${params.code} ${params.reportPeriod}`);
}

const pill = () => screen.getByTestId('period-pill');
const cards = () =>
  screen.getAllByRole('region').filter((region) => region.classList.contains('report-card'));

beforeEach(() => {
  mocks.environment = { ...mocks.environment, kind: 'browser', device: 'ios', inNativeApp: false };
  mocks.bridgeCalls = [];
  mocks.appInfo = { isPad: false, version: '2022102000' };
  mocks.html2canvas.mockReset();
  mocks.toastError.mockReset();
  mocks.cancelWarmUp.mockReset();
  mocks.warmFlowChart.mockReset().mockReturnValue(mocks.cancelWarmUp);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  // The share picture is made in advance when the browser is idle: the tests say when that is.
  mocks.idle.clear();
  vi.stubGlobal('requestIdleCallback', (task: () => void) => {
    mocks.idleHandles += 1;
    mocks.idle.set(mocks.idleHandles, task);
    return mocks.idleHandles;
  });
  vi.stubGlobal('cancelIdleCallback', (handle: number) => mocks.idle.delete(handle));
});

/** Runs what waits for the browser to be idle. */
async function becomeIdle() {
  const tasks = [...mocks.idle.values()];
  mocks.idle.clear();
  await act(async () => {
    for (const task of tasks) task();
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// The page and its libraries load with the first test; allow for a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('/financialReportPreview page (spec 2 §2.1)', () => {
  it("warms the charts' drawing while the data is on the way and stops when it arrives", async () => {
    stubApi(reportRoutes({ '20231231': reportOf() }));
    renderAt('/financialReportPreview/600519_SH/20231231');
    expect(pill().textContent).toBe('加载中…');
    expect(mocks.warmFlowChart).toHaveBeenCalledTimes(1);
    // jsdom lays nothing out: the skeleton's chart has no width, and the ratio is the full size's.
    expect(mocks.warmFlowChart).toHaveBeenCalledWith(1);
    expect(mocks.cancelWarmUp).not.toHaveBeenCalled();
    await screen.findByRole('heading', { name: '贵州茅台' });
    expect(mocks.cancelWarmUp).toHaveBeenCalledTimes(1);
    expect(mocks.warmFlowChart).toHaveBeenCalledTimes(1);
  });

  it('shows 加载中… in the pill while loading, then the period, the name and the code', async () => {
    const server = stubApi(reportRoutes({ '20231231': reportOf() }));
    renderAt('/financialReportPreview/600519_SH/20231231');
    expect(pill().textContent).toBe('加载中…');
    expect(screen.getByRole('status', { name: '加载中' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '贵州茅台' })).toBeTruthy();
    await waitFor(() => expect(pill().textContent).toBe('2023年报'));
    expect(screen.getByText('600519.SH')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '财报预览' })).toBeTruthy();
    // The route's underscore becomes the code's dot (spec 2 §2.1).
    expect(requested(server)).toEqual(['600519.SH 20231231']);
  });

  it('asks for 20240630 when the route has no period', async () => {
    const server = stubApi(reportRoutes({ '20240630': reportOf() }));
    renderAt('/financialReportPreview/600519_SH');
    await waitFor(() => expect(pill().textContent).toBe('2024中报'));
    expect(requested(server)).toEqual(['600519.SH 20240630']);
  });

  it('shows the three cards in the order income, cash flow, balance with des[0]', async () => {
    stubApi(reportRoutes({ '20231231': reportOf() }));
    renderAt('/financialReportPreview/600519_SH/20231231');
    await screen.findByRole('region', { name: '利润表' });
    expect(cards().map((card) => card.getAttribute('aria-label'))).toEqual([
      '利润表',
      '现金流量表',
      '资产负债表',
    ]);
    const [income, cashFlow, balance] = cards() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(income).getByText('主要变动原因')).toBeTruthy();
    expect(within(income).getByText(incomeReason)).toBeTruthy();
    expect(within(cashFlow).getByText(cashFlowReason)).toBeTruthy();
    expect(within(balance).getByText(balanceReason)).toBeTruthy();
    expect(screen.queryByText('第二条说明不显示')).toBeNull();
    for (const card of cards()) {
      expect(within(card).getByText('关键指标')).toBeTruthy();
      expect(within(card).getByRole('button', { name: '点击查看大图' })).toBeTruthy();
    }
  });

  it('shows a card only when its block is present', async () => {
    stubApi(reportRoutes({ '20231231': reportOf({ cashFlow: undefined, balance: undefined }) }));
    renderAt('/financialReportPreview/600519_SH/20231231');
    await screen.findByRole('region', { name: '利润表' });
    expect(cards().map((card) => card.getAttribute('aria-label'))).toEqual(['利润表']);
  });

  it('formats key indicators by name: 率/比 percent, 天数 days, else 万/亿, with the YoY change', async () => {
    stubApi(reportRoutes({ '20231231': reportOf() }));
    renderAt('/financialReportPreview/600519_SH/20231231');
    const income = await screen.findByRole('region', { name: '利润表' });
    const items = within(income).getAllByTestId('key-indicator');
    const row = (index: number) => {
      const [value, change] = within(items[index] as HTMLElement).getAllByRole('definition') as [
        HTMLElement,
        HTMLElement,
      ];
      return {
        value: value.textContent,
        change: change.textContent,
        tone: change.getAttribute('data-tone'),
      };
    };
    expect(row(0).value).toBe('91.76%');
    expect(row(0).change).toBe('同比▲+1.23%');
    expect(row(0).tone).toBe('up');
    expect(row(1).value).toBe('1477亿');
    expect(row(2).value).toBe('36.46天');
    expect(row(2).change).toBe('同比▼-5.20%');
    expect(row(2).tone).toBe('down');
    expect(row(3).value).toBe('--');
    expect(row(3).change).toBe('同比--');
  });

  it('shows the message and 重新加载 when the fetch fails', async () => {
    stubApi({
      'report.finreportQuick': failure('999', '系统繁忙，请稍后再试', 500),
    });
    renderAt('/financialReportPreview/600519_SH/20231231');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('系统繁忙，请稍后再试');
    expect(within(alert).queryByRole('button', { name: '选择报告期' })).toBeNull();
    stubApi(reportRoutes({ '20231231': reportOf() }));
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('region', { name: '利润表' })).toBeTruthy();
  });

  it('offers the period picker when the period is not reported (404)', async () => {
    stubApi(reportRoutes({}));
    const router = renderAt('/financialReportPreview/600519_SH/20251231');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('该公司尚未披露2025年报');
    fireEvent.click(within(alert).getByRole('button', { name: '选择报告期' }));
    const sheet = screen.getByRole('dialog', { name: '选择报告期' });
    const options = within(sheet).getAllByRole('button');
    expect(options.length).toBeGreaterThan(4);
    fireEvent.click(options[1] as HTMLElement);
    await waitFor(() =>
      expect(router.state.location.pathname).not.toBe('/financialReportPreview/600519_SH/20251231'),
    );
  });
});

describe('period picker (spec 2 §2.1, §9)', () => {
  it('lists the periods with the current one highlighted and replaces the route on a pick', async () => {
    const server = stubApi(
      reportRoutes({
        '20231231': reportOf(),
        '20230630': reportOf({ stockName: '贵州茅台', cashFlow: undefined }),
      }),
    );
    const router = renderAt('/financialReportPreview/600519_SH/20231231');
    await waitFor(() => expect(pill().textContent).toBe('2023年报'));
    fireEvent.click(pill());
    const sheet = screen.getByRole('dialog', { name: '选择报告期' });
    const list = within(sheet).getByRole('list', { name: '报告期' });
    expect(list.style.height).toBe('400px');
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['2024中报', '2024一季报', '2023年报', '2023三季报', '2023中报']);
    expect(within(list).getByRole('button', { name: '2023年报' }).getAttribute('aria-current')).toBe('true');
    expect(within(list).getByRole('button', { name: '2023中报' }).getAttribute('aria-current')).toBeNull();

    fireEvent.click(within(list).getByRole('button', { name: '2023中报' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/financialReportPreview/600519_SH/20230630'),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(pill().textContent).toBe('2023中报'));
    expect(cards()).toHaveLength(2);
    expect(requested(server)).toEqual(['600519.SH 20231231', '600519.SH 20230630']);
    // Replaced, not pushed: going back leaves the report.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('PDF entry (spec 2 §2.1)', () => {
  it('is hidden when the report has no pdf', async () => {
    stubApi(reportRoutes({ '20231231': reportOf({ pdf: undefined }) }));
    renderAt('/financialReportPreview/600519_SH/20231231');
    await screen.findByRole('region', { name: '利润表' });
    expect(screen.queryByRole('button', { name: /查看财报原文/ })).toBeNull();
  });

  it('goes to /pdf?file= on the web', async () => {
    stubApi(reportRoutes({ '20231231': reportOf() }));
    const router = renderAt('/financialReportPreview/600519_SH/20231231');
    fireEvent.click(await screen.findByRole('button', { name: /查看财报原文/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pdf'));
    expect(new URLSearchParams(router.state.location.search).get('file')).toBe(reportOf().pdf);
    expect(mocks.bridgeCalls).toEqual([]);
  });

  it('asks the iPad app above 2022061500 to open it (appInfo, then padTo)', async () => {
    mocks.environment = { ...mocks.environment, kind: 'app', device: 'ipad', inNativeApp: true };
    mocks.appInfo = { isPad: true, version: '2022061501' };
    stubApi(reportRoutes({ '20231231': reportOf() }));
    const router = renderAt('/financialReportPreview/600519_SH/20231231');
    fireEvent.click(await screen.findByRole('button', { name: /查看财报原文/ }));
    await waitFor(() => expect(mocks.bridgeCalls.map((call) => call.method)).toEqual(['appInfo', 'padTo']));
    expect(mocks.bridgeCalls[1]?.args).toEqual({
      pdf: new URL(reportOf().pdf ?? '', window.location.href).href,
    });
    expect(router.state.location.pathname).toBe('/financialReportPreview/600519_SH/20231231');
  });

  it('navigates on an iPad app of 2022061500 or older', async () => {
    mocks.environment = { ...mocks.environment, kind: 'app', device: 'ipad', inNativeApp: true };
    mocks.appInfo = { isPad: true, version: '2022061500' };
    stubApi(reportRoutes({ '20231231': reportOf() }));
    const router = renderAt('/financialReportPreview/600519_SH/20231231');
    fireEvent.click(await screen.findByRole('button', { name: /查看财报原文/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pdf'));
    expect(mocks.bridgeCalls.map((call) => call.method)).toEqual(['appInfo']);
  });

  it('opens a new window on iPhone', async () => {
    mocks.environment = { ...mocks.environment, kind: 'app', device: 'ios', inNativeApp: true };
    const open = vi.fn();
    vi.stubGlobal('open', open);
    stubApi(reportRoutes({ '20231231': reportOf() }));
    renderAt('/financialReportPreview/600519_SH/20231231');
    fireEvent.click(await screen.findByRole('button', { name: /查看财报原文/ }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(expect.stringContaining('/files/report/600519.SH'), '_blank'),
    );
  });

  it('navigates on Android', async () => {
    mocks.environment = { ...mocks.environment, kind: 'app', device: 'android', inNativeApp: true };
    stubApi(reportRoutes({ '20231231': reportOf() }));
    const router = renderAt('/financialReportPreview/600519_SH/20231231');
    fireEvent.click(await screen.findByRole('button', { name: /查看财报原文/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pdf'));
  });

  it('hides the page header inside the native app', async () => {
    mocks.environment = { ...mocks.environment, kind: 'app', device: 'android', inNativeApp: true };
    stubApi(reportRoutes({ '20231231': reportOf() }));
    renderAt('/financialReportPreview/600519_SH/20231231');
    await screen.findByRole('region', { name: '利润表' });
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.queryByRole('button', { name: '分享' })).toBeNull();
  });
});

describe('header (spec 2 §2.1: blurred from a scroll of 50)', () => {
  it('is transparent at the top and blurred once scrolled 50 or more', async () => {
    stubApi(reportRoutes({ '20231231': reportOf() }));
    renderAt('/financialReportPreview/600519_SH/20231231');
    const header = screen.getByTestId('report-header');
    expect(header.dataset.scrolled).toBe('false');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 49, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header.dataset.scrolled).toBe('false');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 50, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header.dataset.scrolled).toBe('true');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
  });
});

describe('full screen (spec 2 §2.1)', () => {
  it('opens the tapped card rotated 90° with 点击退出全屏 and leaves on a tap', async () => {
    stubApi(reportRoutes({ '20231231': reportOf() }));
    renderAt('/financialReportPreview/600519_SH/20231231');
    fireEvent.click(await screen.findByTestId('chart-cashFlow'));
    const layer = screen.getByRole('dialog', { name: '现金流量表（全屏）' });
    expect(layer.querySelector('[data-rotation="90"]')).toBeTruthy();
    expect(within(layer).getByRole('img', { name: '现金流量表流向图' })).toBeTruthy();
    // The page behind is covered: hidden and inert while the layer is open, back afterwards.
    const page = document.querySelector<HTMLElement>('main.report-page');
    expect(page?.dataset.covered).toBe('true');
    expect(page?.hasAttribute('inert')).toBe(true);
    fireEvent.click(within(layer).getByRole('button', { name: '点击退出全屏' }));
    expect(screen.queryByRole('dialog', { name: '现金流量表（全屏）' })).toBeNull();
    expect(page?.dataset.covered).toBe('false');
    expect(page?.hasAttribute('inert')).toBe(false);
  });

  it('also opens from the 点击查看大图 hint', async () => {
    stubApi(reportRoutes({ '20231231': reportOf() }));
    renderAt('/financialReportPreview/600519_SH/20231231');
    const balance = await screen.findByRole('region', { name: '资产负债表' });
    fireEvent.click(within(balance).getByRole('button', { name: '点击查看大图' }));
    expect(screen.getByRole('dialog', { name: '资产负债表（全屏）' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: '资产负债表（全屏）' })).toBeNull();
  });
});

describe('share image (spec 2 §2.1, §8, §9)', () => {
  const fakeCanvas = { toDataURL: () => 'data:image/png;base64,iVBORw0KGgo=' };

  it('opens 长按下方图片保存 with 图片生成中…, then shows the picture captured once', async () => {
    let finish: (canvas: unknown) => void = () => undefined;
    mocks.html2canvas.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    stubApi(reportRoutes({ '20231231': reportOf() }));
    renderAt('/financialReportPreview/600519_SH/20231231');
    fireEvent.click(await screen.findByRole('button', { name: '分享图片' }));
    const sheet = screen.getByRole('dialog', { name: '长按下方图片保存' });
    expect(within(sheet).getByText('图片生成中…')).toBeTruthy();
    // Share mode appends the brand footer and the QR code to the captured content.
    const capture = screen.getByTestId('report-capture');
    await waitFor(() => expect(mocks.html2canvas).toHaveBeenCalledTimes(1));
    expect(within(capture).getByText('知财')).toBeTruthy();
    expect(within(capture).getByRole('img', { name: '本页二维码' })).toBeTruthy();
    const [element, options] = mocks.html2canvas.mock.calls[0] as [HTMLElement, Record<string, unknown>];
    expect(element).toBe(capture);
    expect(options).toMatchObject({ scale: 2, backgroundColor: '#ffffff', imageTimeout: 15000 });
    const ignore = options.ignoreElements as (node: Element) => boolean;
    expect(ignore(screen.getByRole('button', { name: '分享图片' }))).toBe(true);
    expect(ignore(capture)).toBe(false);

    await act(async () => finish(fakeCanvas));
    const image = await within(sheet).findByRole('img', { name: '财报预览分享图片' });
    expect(image.getAttribute('src')).toBe(fakeCanvas.toDataURL());

    // Closing and sharing again shows the same picture without a second capture.
    fireEvent.click(screen.getByTestId('sheet-mask'));
    fireEvent.click(screen.getByRole('button', { name: '分享图片' }));
    expect(
      within(screen.getByRole('dialog', { name: '长按下方图片保存' })).getByRole('img', {
        name: '财报预览分享图片',
      }),
    ).toBeTruthy();
    expect(mocks.html2canvas).toHaveBeenCalledTimes(1);
  });

  it('makes the picture in advance once the page is idle; the tap shows it without another capture', async () => {
    mocks.html2canvas.mockResolvedValue(fakeCanvas);
    stubApi(reportRoutes({ '20231231': reportOf() }));
    renderAt('/financialReportPreview/600519_SH/20231231');
    await screen.findByRole('region', { name: '利润表' });
    const capture = screen.getByTestId('report-capture');
    // The footer is rendered for the picture but not shown outside share mode.
    const footer = capture.querySelector('footer') as HTMLElement;
    expect(footer.getAttribute('data-share-shown')).toBe('false');
    expect(within(capture).queryByRole('img', { name: '本页二维码' })).toBeNull();
    expect(mocks.html2canvas).not.toHaveBeenCalled();

    await becomeIdle();
    await waitFor(() => expect(mocks.html2canvas).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(performance.getEntriesByName('share-image-made').length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole('button', { name: '分享图片' }));
    const sheet = screen.getByRole('dialog', { name: '长按下方图片保存' });
    expect(within(sheet).getByRole('img', { name: '财报预览分享图片' }).getAttribute('src')).toBe(
      fakeCanvas.toDataURL(),
    );
    expect(footer.getAttribute('data-share-shown')).toBe('true');
    expect(within(capture).getByRole('img', { name: '本页二维码' })).toBeTruthy();
    expect(mocks.html2canvas).toHaveBeenCalledTimes(1);
  });

  it('holds the picture made in advance while a chart is full screen, and makes it once it closes', async () => {
    mocks.html2canvas.mockResolvedValue(fakeCanvas);
    stubApi(reportRoutes({ '20231231': reportOf() }));
    renderAt('/financialReportPreview/600519_SH/20231231');
    const income = await screen.findByRole('region', { name: '利润表' });
    fireEvent.click(within(income).getByRole('button', { name: '点击查看大图' }));
    expect(screen.getByTestId('report-capture').closest('main')?.getAttribute('data-covered')).toBe('true');
    await becomeIdle();
    expect(mocks.html2canvas).not.toHaveBeenCalled();

    fireEvent.keyDown(document, { key: 'Escape' });
    await becomeIdle();
    await waitFor(() => expect(mocks.html2canvas).toHaveBeenCalledTimes(1));
  });

  it('a tap while the picture is being made in advance waits for that one', async () => {
    let finish: (canvas: unknown) => void = () => undefined;
    mocks.html2canvas.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    stubApi(reportRoutes({ '20231231': reportOf() }));
    renderAt('/financialReportPreview/600519_SH/20231231');
    await screen.findByRole('region', { name: '利润表' });
    await becomeIdle();
    await waitFor(() => expect(mocks.html2canvas).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: '分享图片' }));
    const sheet = screen.getByRole('dialog', { name: '长按下方图片保存' });
    expect(within(sheet).getByText('图片生成中…')).toBeTruthy();
    await act(async () => finish(fakeCanvas));
    expect(await within(sheet).findByRole('img', { name: '财报预览分享图片' })).toBeTruthy();
    expect(mocks.html2canvas).toHaveBeenCalledTimes(1);
  });

  it('only logs a picture made in advance that failed; the tap makes it again', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mocks.html2canvas.mockRejectedValueOnce('Unable to find element in cloned iframe');
    mocks.html2canvas.mockResolvedValue(fakeCanvas);
    stubApi(reportRoutes({ '20231231': reportOf() }));
    renderAt('/financialReportPreview/600519_SH/20231231');
    await screen.findByRole('region', { name: '利润表' });
    await becomeIdle();
    await waitFor(() => expect(consoleError).toHaveBeenCalledTimes(1));
    expect(mocks.toastError).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '分享图片' }));
    const sheet = screen.getByRole('dialog', { name: '长按下方图片保存' });
    expect(await within(sheet).findByRole('img', { name: '财报预览分享图片' })).toBeTruthy();
    expect(mocks.html2canvas).toHaveBeenCalledTimes(2);
    expect(mocks.toastError).not.toHaveBeenCalled();
  });

  it('also starts from the header share button', async () => {
    mocks.html2canvas.mockResolvedValue(fakeCanvas);
    stubApi(reportRoutes({ '20231231': reportOf() }));
    renderAt('/financialReportPreview/600519_SH/20231231');
    await screen.findByRole('region', { name: '利润表' });
    fireEvent.click(screen.getByRole('button', { name: '分享' }));
    const sheet = screen.getByRole('dialog', { name: '长按下方图片保存' });
    expect(await within(sheet).findByRole('img', { name: '财报预览分享图片' })).toBeTruthy();
  });

  it('lowers the scale for a very tall page so the canvas stays within 16,777,216 pixels', async () => {
    mocks.html2canvas.mockResolvedValue(fakeCanvas);
    stubApi(reportRoutes({ '20231231': reportOf() }));
    renderAt('/financialReportPreview/600519_SH/20231231');
    await screen.findByRole('region', { name: '利润表' });
    const capture = screen.getByTestId('report-capture');
    vi.spyOn(capture, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 375, 20_000));
    fireEvent.click(screen.getByRole('button', { name: '分享图片' }));
    await waitFor(() => expect(mocks.html2canvas).toHaveBeenCalledTimes(1));
    const { scale } = (mocks.html2canvas.mock.calls[0] as [HTMLElement, { scale: number }])[1];
    expect(375 * 20_000 * scale * scale).toBeLessThanOrEqual(16_777_216);
    expect(scale).toBeGreaterThan(1);
  });

  it.each(['Invalid element provided as first argument', 'Unable to find element in cloned iframe'])(
    'logs and toasts 生成图片失败 when html2canvas rejects with "%s"',
    async (text) => {
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      mocks.html2canvas.mockRejectedValue(text);
      stubApi(reportRoutes({ '20231231': reportOf() }));
      renderAt('/financialReportPreview/600519_SH/20231231');
      fireEvent.click(await screen.findByRole('button', { name: '分享图片' }));
      await waitFor(() => expect(mocks.toastError).toHaveBeenCalledWith('生成图片失败'));
      expect(consoleError).toHaveBeenCalledWith(
        '生成分享图片失败',
        expect.objectContaining({ message: text }),
      );
      const sheet = screen.getByRole('dialog', { name: '长按下方图片保存' });
      expect(within(sheet).getByRole('alert').textContent).toContain('生成图片失败');
    },
  );

  it('logs and toasts for an Error rejection too, and 重新生成 tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mocks.html2canvas.mockRejectedValueOnce(new Error('Element is not attached to a Document'));
    mocks.html2canvas.mockResolvedValue(fakeCanvas);
    stubApi(reportRoutes({ '20231231': reportOf() }));
    renderAt('/financialReportPreview/600519_SH/20231231');
    fireEvent.click(await screen.findByRole('button', { name: '分享图片' }));
    await waitFor(() => expect(mocks.toastError).toHaveBeenCalledWith('生成图片失败'));
    const sheet = screen.getByRole('dialog', { name: '长按下方图片保存' });
    fireEvent.click(within(sheet).getByRole('button', { name: '重新生成' }));
    expect(await within(sheet).findByRole('img', { name: '财报预览分享图片' })).toBeTruthy();
    expect(mocks.html2canvas).toHaveBeenCalledTimes(2);
  });
});
