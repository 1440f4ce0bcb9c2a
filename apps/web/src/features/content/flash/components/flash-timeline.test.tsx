import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Flash } from '@zhicai/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openFakeQuoteSocket } from '../../../../platform/socket/fake-socket.ts';
import { ok, stubApi } from '../../../../testing/api-stub.ts';
import { quoteOf, tickOf } from '../../../../testing/quote-fixtures.ts';
import { renderPages } from '../../../../testing/render.tsx';
import SevenElevenPage from '../pages/seven-eleven-page.tsx';

// The chips each row draws, counted by the row's first instrument: a row that renders again draws
// its chips again.
const drawn = vi.hoisted(() => new Map<string, number>());
vi.mock('./instrument-chips.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof import('./instrument-chips.tsx')>();
  return {
    InstrumentChips: (props: Parameters<typeof original.InstrumentChips>[0]) => {
      const code = props.instruments[0]?.code ?? '';
      drawn.set(code, (drawn.get(code) ?? 0) + 1);
      return original.InstrumentChips(props);
    },
  };
});

const friday1031 = Date.parse('2026-11-20T02:31:00Z');

function flashAbout(id: number, code: string, name: string): Flash {
  return {
    id,
    time: friday1031 - id * 60_000,
    title: `${name}快讯`,
    body: `关于${name}的快讯。`,
    importance: 1,
    instruments: [{ code, name, type: 'capital' }],
    sectors: [],
    source: 'demo',
  };
}

const flashes = [
  flashAbout(1, '600519.SH', '贵州茅台'),
  flashAbout(2, '000001.SZ', '平安银行'),
  flashAbout(3, '600036.SH', '招商银行'),
];

// A loaded machine (other tests, benchmarks) takes its time to render a page of rows.
const slow = { timeout: 10_000 };

afterEach(() => {
  vi.unstubAllGlobals();
  drawn.clear();
});

describe('the 7×24 timeline', () => {
  it('renders again only the row whose chip a tick moves, not the rows beside it', async () => {
    const { socket, server } = openFakeQuoteSocket();
    stubApi({
      'content.newsList': ok({ list: flashes, lastId: null }),
      'market.realTime': (params) =>
        ok(
          String(params.codes)
            .split(',')
            .map((code) => quoteOf(code, { price: 10, prevClose: 10, chgPct: 0 })),
        ),
    });
    renderPages('/SevenEleven', { '/SevenEleven': <SevenElevenPage socket={socket} /> });
    await screen.findByText('平安银行快讯');
    await waitFor(() => expect(socket.subscribedCodes()).toHaveLength(3), slow);
    const chips = () => screen.getAllByRole('list', { name: '相关品种' }).map((chip) => chip.textContent);
    await waitFor(() => expect(chips().filter((text) => text?.includes('0.00%'))).toHaveLength(3), slow);
    const before = new Map(drawn);

    act(() => server().serverSends(tickOf(2, [['000001.SZ', 11, 10, 11, 10, 1000, 11_000]])));
    await waitFor(() => expect(chips()).toEqual(['贵州茅台0.00%', '平安银行▲+10.00%', '招商银行0.00%']));

    expect(drawn.get('000001.SZ')).toBeGreaterThan(before.get('000001.SZ') ?? 0);
    expect(drawn.get('600519.SH')).toBe(before.get('600519.SH'));
    expect(drawn.get('600036.SH')).toBe(before.get('600036.SH'));
  });
});

describe('the 7×24 timeline read page by page', () => {
  it('shows every flash loaded, newest first, each once, with no gap between the pages', {
    timeout: 30_000,
  }, async () => {
    // Three pages of 30; the feed moved between the first two, so the second repeats the first's last flash.
    const all = Array.from({ length: 90 }, (_, index) =>
      flashAbout(index + 1, '600519.SH', `第${index + 1}条`),
    );
    const pages = new Map<number | undefined, { list: Flash[]; lastId: number | null }>([
      [undefined, { list: all.slice(0, 30), lastId: 30 }],
      [30, { list: all.slice(29, 60), lastId: 60 }],
      [60, { list: all.slice(60), lastId: null }],
    ]);
    const { socket, server } = openFakeQuoteSocket();
    stubApi({
      'content.newsList': (params) =>
        ok(pages.get(params.lastId as number | undefined) ?? { list: [], lastId: null }),
      'market.realTime': (params) =>
        ok(
          String(params.codes)
            .split(',')
            .map((code) => quoteOf(code)),
        ),
    });
    renderPages('/SevenEleven', { '/SevenEleven': <SevenElevenPage socket={socket} /> });
    await screen.findByText('第1条快讯', {}, slow);
    act(() => server().serverSends({ type: 'flash', flash: flashAbout(0, '000001.SZ', '推送') }));
    await screen.findByText('推送快讯', {}, slow);
    for (const last of ['第60条快讯', '第90条快讯']) {
      fireEvent.click(await screen.findByRole('button', { name: '加载更多' }, slow));
      await screen.findByText(last, {}, slow);
    }
    await screen.findByText('没有更多了', {}, slow);

    const titles = [...document.querySelectorAll('.flash__title')].map((title) => title.textContent);
    expect(titles).toEqual(['推送快讯', ...all.map((flash) => flash.title)]);
  });
});
