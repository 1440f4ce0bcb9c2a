import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Flash } from '@zhicai/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openFakeQuoteSocket } from '../../../../platform/socket/fake-socket.ts';
import { failure, ok, stubApi } from '../../../../testing/api-stub.ts';
import { quoteOf } from '../../../../testing/quote-fixtures.ts';
import { renderPages } from '../../../../testing/render.tsx';
import { StockNewsSection } from '../components/stock-news-section.tsx';
import { flashShareContent } from '../flash-share.ts';
import NewscastContPage from './newscast-cont-page.tsx';
import NewscastSharePage from './newscast-share-page.tsx';
import SevenElevenPage from './seven-eleven-page.tsx';

const mocks = vi.hoisted(() => ({
  html2canvas: vi.fn(),
  /** WeChat's share: answers false outside WeChat, true inside once configured. */
  setShare: vi.fn(async (_content: unknown) => false),
}));

vi.mock('html2canvas', () => ({ default: mocks.html2canvas }));

vi.mock('../../../../platform/wechat/index.ts', () => ({
  wechatShare: () => ({ setShare: mocks.setShare }),
}));

const MOUTAI = '600519.SH';
/** The share sheet loads on the first 分享; a loaded machine takes a while to load it in the tests. */
const lazySheet = { timeout: 10_000 };
const fakeCanvas = { toDataURL: () => 'data:image/png;base64,iVBORw0KGgo=' };

/** Friday 2026-11-20 in Beijing: 10:31 and 09:30; Thursday 15:00. */
const friday1031 = Date.parse('2026-11-20T02:31:00Z');

function flashOf(id: number, overrides: Partial<Flash> = {}): Flash {
  return {
    id,
    time: friday1031 - (100 - id) * 60_000,
    title: `快讯${id}`,
    body: `第${id}条快讯的正文。`,
    importance: 1,
    instruments: [],
    sectors: [],
    source: 'demo',
    ...overrides,
  };
}

const limitUp = flashOf(90, {
  title: '贵州茅台涨停',
  body: '贵州茅台（600519.SH）盘中触及涨停，报1650.00元，涨10.00%。',
  instruments: [{ code: MOUTAI, name: '贵州茅台', type: 'capital' }],
  sectors: [{ code: '801120.ZSI', name: '食品饮料' }],
});
const important = flashOf(89, { title: '沪深300站上4000点', importance: 2 });
const thursday = flashOf(1, { time: Date.parse('2026-11-19T07:00:00Z'), title: 'A股收盘', importance: 3 });

afterEach(() => {
  vi.unstubAllGlobals();
  mocks.html2canvas.mockReset();
  mocks.setShare.mockReset();
  mocks.setShare.mockImplementation(async () => false);
});

describe('/SevenEleven', () => {
  it('shows the timeline by date, bold where important, with live chips that open the instrument', async () => {
    const { socket } = openFakeQuoteSocket();
    stubApi({
      'content.newsList': ok({ list: [limitUp, important, thursday], lastId: null }),
      'market.realTime': ok([quoteOf(MOUTAI, { chgPct: 0.1 })]),
    });
    renderPages('/SevenEleven', { '/SevenEleven': <SevenElevenPage socket={socket} /> });

    const friday = await screen.findByRole('region', { name: '11月20日 星期五' });
    expect(within(friday).getByText('贵州茅台涨停')).toBeTruthy();
    expect(within(friday).getByText('10:21')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '11月19日 星期四' })).getByText('A股收盘')).toBeTruthy();
    expect(screen.getByText('沪深300站上4000点').closest('li')?.className).toContain('is-important');

    const chip = within(screen.getByRole('list', { name: '相关品种' })).getByRole('link');
    await waitFor(() => expect(chip.textContent).toContain('▲+10.00%'));
    fireEvent.click(chip);
    expect((await screen.findByTestId('destination')).textContent).toBe(`/stock?stockCode=${MOUTAI}`);
  });

  it('asks for important flashes only under 重要, and says when there are none', async () => {
    const api = stubApi({
      'content.newsList': (params) =>
        params.type === 2 ? ok({ list: [], lastId: null }) : ok({ list: [limitUp], lastId: null }),
    });
    renderPages('/SevenEleven', { '/SevenEleven': <SevenElevenPage /> });
    expect(await screen.findByText('贵州茅台涨停')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重要' }));
    expect(await screen.findByText('暂无重要快讯')).toBeTruthy();
    expect(api.calls('content.newsList').map((call) => call.type)).toEqual([1, 2]);
  });

  it('reads older pages by the cursor the last page gave', async () => {
    const api = stubApi({
      'content.newsList': (params) =>
        params.lastId === 89
          ? ok({ list: [thursday], lastId: null })
          : ok({ list: [limitUp, important], lastId: 89 }),
    });
    renderPages('/SevenEleven', { '/SevenEleven': <SevenElevenPage /> });
    fireEvent.click(await screen.findByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('A股收盘')).toBeTruthy();
    expect(screen.getByText('没有更多了')).toBeTruthy();
    expect(api.calls('content.newsList').map((call) => call.lastId)).toEqual([undefined, 89]);
  });

  it('shows the error with 重新加载, which loads again', async () => {
    let fail = true;
    stubApi({
      'content.newsList': () => (fail ? failure('999') : ok({ list: [limitUp], lastId: null })),
    });
    renderPages('/SevenEleven', { '/SevenEleven': <SevenElevenPage /> });
    expect(await screen.findByText('快讯加载失败')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('贵州茅台涨停')).toBeTruthy();
  });

  it('joins the flash channel and shows a pushed flash: at once at the top, behind a banner when scrolled', async () => {
    const { socket, server } = openFakeQuoteSocket();
    stubApi({ 'content.newsList': ok({ list: [important], lastId: null }) });
    renderPages('/SevenEleven', { '/SevenEleven': <SevenElevenPage socket={socket} /> });
    expect(await screen.findByText('沪深300站上4000点')).toBeTruthy();
    expect(server().sent).toContainEqual({ type: 'join', channel: 'flash' });

    act(() => server().serverSends({ type: 'flash', flash: flashOf(95, { title: '北向资金转为净流入' }) }));
    expect(await screen.findByText('北向资金转为净流入')).toBeTruthy();

    window.scrollY = 600;
    act(() => server().serverSends({ type: 'flash', flash: flashOf(96, { title: '创业板指跌破2000点' }) }));
    const banner = await screen.findByRole('button', { name: '1条新快讯' });
    expect(screen.queryByText('创业板指跌破2000点')).toBeNull();
    window.scrollTo = vi.fn();
    fireEvent.click(banner);
    expect(await screen.findByText('创业板指跌破2000点')).toBeTruthy();
    window.scrollY = 0;
  });

  it("shows every flash of a tick's pushed batch, newest first, and counts them all in the banner when scrolled", async () => {
    const { socket, server } = openFakeQuoteSocket();
    stubApi({ 'content.newsList': ok({ list: [important], lastId: null }) });
    renderPages('/SevenEleven', { '/SevenEleven': <SevenElevenPage socket={socket} /> });
    expect(await screen.findByText('沪深300站上4000点')).toBeTruthy();

    // The server lists a batch oldest first.
    const open = [
      flashOf(95, { title: 'A股开盘' }),
      flashOf(96, { title: '中国平安开盘涨停' }),
      flashOf(97, { title: '宁德时代开盘跌停' }),
    ];
    act(() => server().serverSends({ type: 'flashes', flashes: open }));
    expect(await screen.findByText('宁德时代开盘跌停')).toBeTruthy();
    const titles = () =>
      screen
        .getAllByRole('listitem')
        .map((item) => item.textContent ?? '')
        .flatMap((text) =>
          ['宁德时代开盘跌停', '中国平安开盘涨停', 'A股开盘', '沪深300站上4000点'].filter((title) =>
            text.includes(title),
          ),
        );
    expect(titles()).toEqual(['宁德时代开盘跌停', '中国平安开盘涨停', 'A股开盘', '沪深300站上4000点']);

    window.scrollY = 600;
    const later = [
      flashOf(98, { title: '北向资金转为净流入' }),
      flashOf(99, { title: '创业板指跌破2000点' }),
    ];
    act(() => server().serverSends({ type: 'flashes', flashes: later }));
    const banner = await screen.findByRole('button', { name: '2条新快讯' });
    expect(screen.queryByText('北向资金转为净流入')).toBeNull();
    window.scrollTo = vi.fn();
    fireEvent.click(banner);
    expect(await screen.findByText('创业板指跌破2000点')).toBeTruthy();
    expect(screen.getByText('北向资金转为净流入')).toBeTruthy();
    window.scrollY = 0;
  });
});

describe('/SevenEleven chips past the first screens (a socket takes 200 codes)', () => {
  afterEach(() => {
    window.scrollY = 0;
    vi.restoreAllMocks();
  });

  // The timeline renders again on each step of the scroll; a loaded machine takes its time.
  const slow = { timeout: 20_000 };

  it('gives a chip of the 100th flash its change once it is scrolled to', { timeout: 60_000 }, async () => {
    /** Where the timeline starts on the page (px), below the header and the filter. */
    const timelineTop = 100;
    // jsdom lays nothing out: the day's label is 38 px, then each flash row 130 px.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (!this.classList.contains('flash')) return new DOMRect(0, timelineTop - window.scrollY, 375, 0);
      const index = [...document.getElementsByClassName('flash')].indexOf(this);
      return new DOMRect(0, timelineTop + 38 + index * 130 - window.scrollY, 375, 130);
    });
    const { socket } = openFakeQuoteSocket();
    // 150 flashes of one morning, newest first, each about a stock of its own.
    const flashes = Array.from({ length: 150 }, (_, index) => {
      const id = 200 - index;
      return flashOf(id, {
        time: friday1031 - index * 30_000,
        instruments: [{ code: `${String(600000 + id)}.SH`, name: `股票${id}`, type: 'capital' }],
      });
    });
    const hundredth = flashes[99] as Flash;
    const code = hundredth.instruments[0]?.code as string;
    const api = stubApi({
      'content.newsList': ok({ list: flashes, lastId: null }),
      'market.realTime': (params) =>
        ok(
          String(params.codes)
            .split(',')
            .map((asked) => quoteOf(asked, { chgPct: asked === code ? 0.0321 : 0.01 })),
        ),
    });
    renderPages('/SevenEleven', { '/SevenEleven': <SevenElevenPage socket={socket} /> });
    await screen.findByText(flashes[0]?.title as string, {}, slow);
    await waitFor(() => expect(socket.subscribedCodes()).toContain(flashes[0]?.instruments[0]?.code), slow);
    expect(socket.subscribedCodes()).not.toContain(code);

    act(() => {
      window.scrollY = timelineTop + 38 + 99 * 130;
      fireEvent.scroll(window);
    });
    const row = (await screen.findByText(hundredth.title, {}, slow)).closest('li') as HTMLElement;
    const chip = within(row).getByRole('link', { name: /股票101/ });
    await waitFor(() => expect(chip.textContent).toContain('▲+3.21%'), slow);
    // Followed live now, and the first screen's chips are left.
    expect(socket.subscribedCodes()).toContain(code);
    expect(socket.subscribedCodes()).not.toContain(flashes[0]?.instruments[0]?.code);
    expect(api.calls('market.realTime').at(-1)?.codes).toContain(code);
  });
});

describe('/SevenEleven infinite scroll', () => {
  afterEach(() => {
    window.scrollY = 0;
    vi.restoreAllMocks();
  });

  it('loads the next page while the reader is still a few screens above the end', {
    timeout: 60_000,
  }, async () => {
    const slow = { timeout: 20_000 };
    // jsdom lays nothing out (and has no IntersectionObserver for 加载更多): rows of 130 px from the top.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (!this.classList.contains('flash')) return new DOMRect(0, -window.scrollY, 375, 0);
      const index = [...document.getElementsByClassName('flash')].indexOf(this);
      return new DOMRect(0, index * 130 - window.scrollY, 375, 130);
    });
    const first = Array.from({ length: 40 }, (_, index) => flashOf(99 - index));
    const api = stubApi({
      'content.newsList': (params) =>
        params.lastId === 60
          ? ok({ list: [flashOf(59, { title: '更早的快讯' })], lastId: null })
          : ok({ list: first, lastId: 60 }),
    });
    renderPages('/SevenEleven', { '/SevenEleven': <SevenElevenPage /> });
    await screen.findByText('快讯60', {}, slow);

    // 20 rows below the screen: nothing loads yet.
    act(() => {
      window.scrollY = 10 * 130;
      fireEvent.scroll(window);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(api.calls('content.newsList').map((call) => call.lastId)).toEqual([undefined]);

    // Within 12 rows of the end, with 加载更多 still far below the screen: the next page loads.
    act(() => {
      window.scrollY = 24 * 130;
      fireEvent.scroll(window);
    });
    expect(await screen.findByText('更早的快讯', {}, slow)).toBeTruthy();
    expect(api.calls('content.newsList').map((call) => call.lastId)).toEqual([undefined, 60]);
  });
});

describe('one flash', () => {
  it('opens by id with its sectors', async () => {
    stubApi({ 'content.newsJhGet': ok(limitUp), 'market.realTime': ok([quoteOf(MOUTAI)]) });
    renderPages('/newscastCont?id=90&state=auth', { '/newscastCont': <NewscastContPage /> });
    expect(await screen.findByRole('heading', { name: '贵州茅台涨停' })).toBeTruthy();
    expect(screen.getByText('相关板块：食品饮料')).toBeTruthy();
  });

  it('shows /newscastShare as the share card with the brand footer and the QR code', async () => {
    stubApi({ 'content.newsJhGet': ok(limitUp) });
    renderPages('/newscastShare?id=90', { '/newscastShare': <NewscastSharePage /> });
    expect(await screen.findByRole('heading', { name: '贵州茅台涨停' })).toBeTruthy();
    expect(screen.getByText('知财')).toBeTruthy();
    expect(screen.getByText('长按识别二维码，查看快讯详情')).toBeTruthy();
    expect(screen.getByRole('img', { name: '快讯二维码' })).toBeTruthy();
  });

  it('says a flash that does not exist is missing', async () => {
    stubApi({ 'content.newsJhGet': failure('404', '快讯不存在或已删除', 404) });
    renderPages('/newscastCont?id=7', { '/newscastCont': <NewscastContPage /> });
    expect(await screen.findByText('快讯加载失败')).toBeTruthy();
  });
});

describe('sharing a flash (issue 17 item 9)', () => {
  const expectedCard = {
    title: '贵州茅台涨停',
    desc: limitUp.body,
    link: `${window.location.origin}/newscastCont?id=90&state=auth`,
    imgUrl: `${window.location.origin}/favicon.svg`,
  };

  it("opens the share sheet from a timeline row and makes the picture of the flash's card", async () => {
    mocks.html2canvas.mockResolvedValue(fakeCanvas);
    stubApi({ 'content.newsList': ok({ list: [limitUp, important], lastId: null }) });
    renderPages('/SevenEleven', { '/SevenEleven': <SevenElevenPage /> });
    fireEvent.click(await screen.findByRole('button', { name: '分享：贵州茅台涨停' }));

    const sheet = await screen.findByRole('dialog', { name: '分享快讯' }, lazySheet);
    expect(within(sheet).getByText('贵州茅台涨停')).toBeTruthy();
    // Outside WeChat there is no WeChat share to point at.
    await waitFor(() => expect(mocks.setShare).toHaveBeenCalledWith(expectedCard));
    expect(within(sheet).queryByRole('status')).toBeNull();

    fireEvent.click(within(sheet).getByRole('button', { name: '生成分享图' }));
    const pictureSheet = screen.getByRole('dialog', { name: '长按下方图片保存' });
    const picture = await within(pictureSheet).findByRole('img', { name: '快讯分享图片' });
    expect(picture.getAttribute('src')).toBe(fakeCanvas.toDataURL());
    // The picture is of the flash's card: its title, the brand and the QR code to the flash.
    const [card] = mocks.html2canvas.mock.calls[0] as [HTMLElement];
    expect(within(card).getByRole('heading', { name: '贵州茅台涨停', hidden: true })).toBeTruthy();
    expect(within(card).getByText('知财')).toBeTruthy();
    expect(within(card).getByRole('img', { name: '快讯二维码', hidden: true })).toBeTruthy();
    expect(mocks.html2canvas).toHaveBeenCalledTimes(1);
  });

  it('inside WeChat sets the JS-SDK share to the flash and says to share from the menu', async () => {
    mocks.setShare.mockImplementation(async () => true);
    stubApi({ 'content.newsList': ok({ list: [limitUp, important], lastId: null }) });
    renderPages('/SevenEleven', { '/SevenEleven': <SevenElevenPage /> });
    fireEvent.click(await screen.findByRole('button', { name: '分享：贵州茅台涨停' }));
    const sheet = await screen.findByRole('dialog', { name: '分享快讯' }, lazySheet);
    expect((await within(sheet).findByRole('status')).textContent).toContain('分享给朋友或朋友圈');
    expect(mocks.setShare).toHaveBeenLastCalledWith(expectedCard);
  });

  it("/newscastCont shares its flash in WeChat from the start, and 分享 opens the flash's share sheet", async () => {
    mocks.setShare.mockImplementation(async () => true);
    mocks.html2canvas.mockResolvedValue(fakeCanvas);
    stubApi({ 'content.newsJhGet': ok(limitUp), 'market.realTime': ok([quoteOf(MOUTAI)]) });
    renderPages('/newscastCont?id=90', { '/newscastCont': <NewscastContPage /> });
    await waitFor(() => expect(mocks.setShare).toHaveBeenCalledWith(expectedCard));

    fireEvent.click(screen.getByRole('button', { name: '分享' }));
    const sheet = await screen.findByRole('dialog', { name: '分享快讯' }, lazySheet);
    fireEvent.click(within(sheet).getByRole('button', { name: '生成分享图' }));
    expect(
      await within(screen.getByRole('dialog', { name: '长按下方图片保存' })).findByRole('img', {
        name: '快讯分享图片',
      }),
    ).toBeTruthy();
  });

  it('cuts a long text to the start WeChat shows', () => {
    const long = flashShareContent(flashOf(7, { body: '长'.repeat(200) }), 'https://zhicai.example');
    expect(long.desc).toHaveLength(60);
    expect(long.desc.endsWith('…')).toBe(true);
    expect(long.link).toBe('https://zhicai.example/newscastCont?id=7&state=auth');
  });
});

describe('StockNewsSection', () => {
  it("lists an instrument's latest flashes and links 更多 to the timeline narrowed to it", async () => {
    const api = stubApi({ 'content.newsList': ok({ list: [limitUp], lastId: null }) });
    renderPages('/stock', { '/stock': <StockNewsSection code={MOUTAI} /> });
    expect(await screen.findByText('贵州茅台涨停')).toBeTruthy();
    expect(api.calls('content.newsList')[0]).toMatchObject({ code: MOUTAI, limit: 5 });
    fireEvent.click(screen.getByRole('link', { name: '更多' }));
    expect((await screen.findByTestId('destination')).textContent).toBe(`/SevenEleven?code=${MOUTAI}`);
  });
});
