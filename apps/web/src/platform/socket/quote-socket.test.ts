import { maxSubscribedCodes } from '@zhicai/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketFactory, fakeVisibility } from './fake-socket.ts';
import { createQuoteSocket, maxCodesPerSocket, type QuoteSocketOptions } from './quote-socket.ts';
import { nextEndpoint, quoteSocketTimings, reconnectDelayMs } from './reconnect-policy.ts';

const urls = [1, 2, 3, 4, 5].map((node) => `ws://quotes.test/ws?node=${node}`);

function setup(overrides: Partial<QuoteSocketOptions> = {}) {
  const factory = fakeSocketFactory();
  const visibility = fakeVisibility();
  const client = createQuoteSocket({
    urls,
    createSocket: factory.create,
    pauseWhenHidden: true,
    visibility: visibility.source,
    random: () => 0,
    ...overrides,
  });
  return { client, factory, visibility };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('reconnect policy constants (spec 1 §9)', () => {
  it('uses five endpoints, a 4000 ms timeout, 3 s error retry, 2000–10000 ms reconnect, 500 ms resume', () => {
    expect(quoteSocketTimings).toEqual({
      endpointCount: 5,
      connectTimeoutMs: 4000,
      errorRetryMs: 3000,
      reconnectMinMs: 2000,
      reconnectMaxMs: 10_000,
      resumeAfterVisibleMs: 500,
    });
  });

  it('keeps the reconnect delay between 2000 and 10000 ms, jittered, growing per drop', () => {
    expect(reconnectDelayMs(0, 0)).toBe(2000);
    expect(reconnectDelayMs(0, 0.5)).toBe(3000);
    expect(reconnectDelayMs(0, 0.999_999)).toBe(4000);
    expect(reconnectDelayMs(1, 0.999_999)).toBe(8000);
    expect(reconnectDelayMs(2, 0.999_999)).toBe(10_000);
    for (let attempt = 0; attempt < 40; attempt += 1) {
      for (const random of [0, 0.25, 0.5, 0.75, 0.999]) {
        const delay = reconnectDelayMs(attempt, random);
        expect(delay).toBeGreaterThanOrEqual(2000);
        expect(delay).toBeLessThanOrEqual(10_000);
      }
    }
  });

  it('rotates through the endpoints and wraps after the fifth', () => {
    expect([0, 1, 2, 3, 4].map((index) => nextEndpoint(index, 5))).toEqual([1, 2, 3, 4, 0]);
  });
});

describe('quote socket state machine', () => {
  it('connects to the first endpoint and reports open', () => {
    const { client, factory } = setup();
    client.start();
    expect(factory.last().url).toBe(urls[0]);
    expect(client.getState().status).toBe('connecting');
    factory.last().serverOpens();
    expect(client.getState()).toMatchObject({ status: 'open', endpointIndex: 0, openCount: 1 });
  });

  it('after an error moves to the next endpoint and retries after exactly 3 s', () => {
    const { client, factory } = setup();
    client.start();
    factory.last().fails();
    expect(client.getState()).toMatchObject({ status: 'waiting', waitReason: 'error', endpointIndex: 1 });
    vi.advanceTimersByTime(2999);
    expect(factory.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(factory.sockets).toHaveLength(2);
    expect(factory.last().url).toBe(urls[1]);
  });

  it('reaches the fifth endpoint when the first four are dead, and wraps to the first after it', () => {
    const { client, factory } = setup();
    client.start();
    for (let dead = 0; dead < 4; dead += 1) {
      factory.last().fails();
      vi.advanceTimersByTime(quoteSocketTimings.errorRetryMs);
    }
    expect(factory.sockets.map((socket) => socket.url)).toEqual(urls);
    factory.last().serverOpens();
    expect(client.getState()).toMatchObject({ status: 'open', endpointIndex: 4, url: urls[4] });

    factory.last().fails();
    vi.advanceTimersByTime(quoteSocketTimings.errorRetryMs);
    expect(factory.last().url).toBe(urls[0]);
  });

  it('gives up on a socket that has not opened after 4000 ms and treats it as an error', () => {
    const { client, factory } = setup();
    client.start();
    const first = factory.last();
    vi.advanceTimersByTime(3999);
    expect(client.getState().status).toBe('connecting');
    vi.advanceTimersByTime(1);
    expect(first.closedWith).toBe(1000);
    expect(client.getState()).toMatchObject({ status: 'waiting', waitReason: 'error', endpointIndex: 1 });
    vi.advanceTimersByTime(3000);
    expect(factory.last().url).toBe(urls[1]);
  });

  it('does not time out a socket that opened in time', () => {
    const { client, factory } = setup();
    client.start();
    vi.advanceTimersByTime(3000);
    factory.last().serverOpens();
    vi.advanceTimersByTime(10_000);
    expect(client.getState().status).toBe('open');
    expect(factory.sockets).toHaveLength(1);
  });

  it('re-opens a cleanly closed connection on the same endpoint after a jittered 2000–10000 ms', () => {
    const { client, factory } = setup({ random: () => 0.5 });
    client.start();
    factory.last().serverOpens();
    factory.last().serverCloses();
    // First drop: 2000 + 0.5 × (4000 − 2000).
    expect(client.getState()).toMatchObject({ status: 'waiting', waitReason: 'closed', endpointIndex: 0 });
    vi.advanceTimersByTime(2999);
    expect(factory.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(factory.sockets).toHaveLength(2);
    expect(factory.last().url).toBe(urls[0]);
  });

  it('waits longer after consecutive drops, never more than 10000 ms', () => {
    const { client, factory } = setup({ random: () => 0.999_999 });
    client.start();
    factory.last().serverOpens();
    factory.last().serverCloses();
    vi.advanceTimersByTime(4000);
    expect(factory.sockets).toHaveLength(2);
    // Opened and closed at once again: the second drop waits up to 8000 ms, the third up to 10000.
    factory.last().serverOpens();
    factory.last().serverCloses();
    vi.advanceTimersByTime(7999);
    expect(factory.sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(factory.sockets).toHaveLength(3);
    factory.last().serverOpens();
    factory.last().serverCloses();
    vi.advanceTimersByTime(9999);
    expect(factory.sockets).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(factory.sockets).toHaveLength(4);
  });

  it('starts over at the shortest delay after a connection that stayed up', () => {
    const { client, factory } = setup({ random: () => 0.999_999 });
    client.start();
    factory.last().serverOpens();
    factory.last().serverCloses();
    vi.advanceTimersByTime(4000);
    factory.last().serverOpens();
    vi.advanceTimersByTime(10_000);
    factory.last().serverCloses();
    vi.advanceTimersByTime(4000);
    expect(factory.sockets).toHaveLength(3);
  });

  it('ignores late events from a socket it has already replaced', () => {
    const { client, factory } = setup();
    client.start();
    const first = factory.last();
    first.fails();
    vi.advanceTimersByTime(3000);
    first.onopen?.(new Event('open'));
    expect(first.onopen).toBeNull();
    expect(client.getState().status).toBe('connecting');
  });

  it('treats a socket factory that throws (bad URL) as a failed endpoint', () => {
    const create = vi.fn((url: string) => {
      if (url === urls[0]) throw new SyntaxError('bad url');
      return fakeSocketFactory().create(url);
    });
    const { client } = setup({ createSocket: create });
    client.start();
    expect(client.getState()).toMatchObject({ status: 'waiting', endpointIndex: 1 });
  });
});

describe('page visibility (spec 1 §4)', () => {
  it('closes when the page is hidden and reconnects 500 ms after it is visible again', () => {
    const { client, factory, visibility } = setup();
    client.start();
    const first = factory.last();
    first.serverOpens();
    visibility.hide();
    expect(first.closedWith).toBe(1000);
    expect(client.getState().status).toBe('paused');
    vi.advanceTimersByTime(60_000);
    expect(factory.sockets).toHaveLength(1);

    visibility.show();
    vi.advanceTimersByTime(499);
    expect(factory.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(factory.sockets).toHaveLength(2);
    expect(factory.last().url).toBe(first.url);
  });

  it('cancels a pending retry while hidden', () => {
    const { client, factory, visibility } = setup();
    client.start();
    factory.last().fails();
    visibility.hide();
    vi.advanceTimersByTime(10_000);
    expect(factory.sockets).toHaveLength(1);
  });

  it('does not resume when hidden again within the 500 ms', () => {
    const { client, factory, visibility } = setup();
    client.start();
    visibility.hide();
    visibility.show();
    vi.advanceTimersByTime(300);
    visibility.hide();
    vi.advanceTimersByTime(1000);
    expect(factory.sockets).toHaveLength(1);
  });

  it('starts paused on a hidden page and connects once it is shown', () => {
    const factory = fakeSocketFactory();
    const visibility = fakeVisibility(true);
    const client = createQuoteSocket({
      urls,
      createSocket: factory.create,
      pauseWhenHidden: true,
      visibility: visibility.source,
    });
    client.start();
    expect(client.getState().status).toBe('paused');
    visibility.show();
    vi.advanceTimersByTime(500);
    expect(factory.sockets).toHaveLength(1);
  });

  it('keeps the connection while hidden when pausing is off (newer native apps)', () => {
    const { client, factory, visibility } = setup({ pauseWhenHidden: false });
    client.start();
    factory.last().serverOpens();
    expect(visibility.listenerCount()).toBe(0);
    visibility.hide();
    expect(client.getState().status).toBe('open');
  });
});

describe('subscriptions', () => {
  it('re-sends every subscribed code after each (re)connect (the server answers with a snapshot)', () => {
    const { client, factory } = setup();
    client.subscribe(['600519.SH', '000001.SZ'], () => {});
    client.start();
    factory.last().serverOpens();
    expect(factory.last().sent).toEqual([{ type: 'subscribe', codes: ['600519.SH', '000001.SZ'] }]);
    factory.last().fails();
    vi.advanceTimersByTime(3000);
    factory.last().serverOpens();
    expect(factory.last().sent).toEqual([{ type: 'subscribe', codes: ['600519.SH', '000001.SZ'] }]);
    expect(client.getState().openCount).toBe(2);
  });

  it('sends nothing on open when nothing is subscribed', () => {
    const { client, factory } = setup();
    client.start();
    factory.last().serverOpens();
    expect(factory.last().sent).toEqual([]);
  });

  it('joins a channel once however many pages want it, again after a reconnect, and leaves with the last', () => {
    const { client, factory } = setup();
    const leaveA = client.joinChannel('flash');
    client.start();
    factory.last().serverOpens();
    const leaveB = client.joinChannel('flash');
    expect(factory.last().sent).toEqual([{ type: 'join', channel: 'flash' }]);
    factory.last().fails();
    vi.advanceTimersByTime(3000);
    factory.last().serverOpens();
    expect(factory.last().sent).toEqual([{ type: 'join', channel: 'flash' }]);
    leaveA();
    leaveA();
    expect(factory.last().sent).toHaveLength(1);
    leaveB();
    expect(factory.last().sent.at(-1)).toEqual({ type: 'leave', channel: 'flash' });
  });

  it('subscribes new codes at once while open and unsubscribes when the last user leaves', () => {
    const { client, factory } = setup();
    client.start();
    factory.last().serverOpens();
    const leaveA = client.subscribe(['600519.SH'], () => {});
    const leaveB = client.subscribe(['600519.SH', '00700.HK'], () => {});
    expect(factory.last().sent).toEqual([
      { type: 'subscribe', codes: ['600519.SH'] },
      { type: 'subscribe', codes: ['00700.HK'] },
    ]);
    leaveA();
    leaveA();
    expect(client.subscribedCodes()).toEqual(['600519.SH', '00700.HK']);
    leaveB();
    expect(factory.last().sent.at(-1)).toEqual({ type: 'unsubscribe', codes: ['600519.SH', '00700.HK'] });
    expect(client.subscribedCodes()).toEqual([]);
  });

  it('moves a subscription to other codes by sending only the codes that leave, then those that come', () => {
    const { client, factory } = setup();
    client.start();
    factory.last().serverOpens();
    const shown = client.subscribe(['600519.SH', '000001.SZ', '00700.HK'], () => {});
    client.subscribe(['000001.SZ'], () => {});
    shown.setCodes(['000001.SZ', '00700.HK', '300750.SZ']);
    expect(factory.last().sent).toEqual([
      { type: 'subscribe', codes: ['600519.SH', '000001.SZ', '00700.HK'] },
      { type: 'unsubscribe', codes: ['600519.SH'] },
      { type: 'subscribe', codes: ['300750.SZ'] },
    ]);
    shown();
    shown.setCodes(['600519.SH']);
    // The other subscriber still holds 000001.SZ; a subscription ended stays ended.
    expect(factory.last().sent.at(-1)).toEqual({ type: 'unsubscribe', codes: ['00700.HK', '300750.SZ'] });
    expect(client.subscribedCodes()).toEqual(['000001.SZ']);
  });

  it('never holds more codes than the server takes per connection; the others wait for room', () => {
    expect(maxCodesPerSocket).toBe(maxSubscribedCodes);
    const { client, factory } = setup();
    client.start();
    factory.last().serverOpens();
    const codes = Array.from({ length: 500 }, (_, index) => `${String(600000 + index)}.SH`);
    const everything = client.subscribe(codes, () => {});
    const sent = factory.last().sent as { type: string; codes: string[] }[];
    expect(sent).toEqual([{ type: 'subscribe', codes: codes.slice(0, maxCodesPerSocket) }]);
    // Leaving fifty frees room for fifty of the waiting codes, sent after the leave.
    everything.setCodes(codes.slice(50));
    expect(sent.slice(1)).toEqual([
      { type: 'unsubscribe', codes: codes.slice(0, 50) },
      { type: 'subscribe', codes: codes.slice(200, 250) },
    ]);
    expect(client.subscribedCodes()).toHaveLength(maxCodesPerSocket);
    // A reconnect sends the codes that fit, in one message the server accepts.
    factory.last().serverCloses();
    vi.advanceTimersByTime(quoteSocketTimings.reconnectMaxMs);
    factory.last().serverOpens();
    expect(factory.last().sent).toEqual([{ type: 'subscribe', codes: codes.slice(50, 250) }]);
  });

  it('routes snapshots to the subscribers of their codes, ticks and connection messages to everyone', () => {
    const { client, factory } = setup();
    const moutai = vi.fn();
    const tencent = vi.fn();
    client.subscribe(['600519.SH'], moutai);
    client.subscribe(['00700.HK'], tencent);
    client.start();
    factory.last().serverOpens();
    factory.last().serverSends({ type: 'hello', v: 1, serverTime: 1 });
    factory.last().serverSends({ type: 'snapshot', seq: 7, quotes: [{ code: '00700.HK' }] });
    factory.last().serverSends({
      type: 'tick',
      seq: 8,
      time: 2,
      tradingDay: 20240628,
      rows: [['600519.SH', 1500, 1490, 1510, 1480, 100, 150_000]],
    });
    expect(moutai.mock.calls.map(([message]) => message.type)).toEqual(['hello', 'tick']);
    // The tick reaches 00700.HK's listener too: seq numbers the connection's ticks, so a listener
    // that skipped it would see a gap at the next one.
    expect(tencent.mock.calls.map(([message]) => message.type)).toEqual(['hello', 'snapshot', 'tick']);
    expect(client.lastMessageAt()).toBe(Date.now());
    expect(client.getState()).toMatchObject({ serverHelloAt: Date.now(), serverVersion: 1 });
  });

  it('drops ticks and snapshots that do not have the contract shape, and unknown message types', () => {
    const { client, factory } = setup();
    const listener = vi.fn();
    client.subscribe([], listener);
    client.start();
    factory.last().serverOpens();
    const tick = { type: 'tick', seq: 1, time: 2, tradingDay: 20240628, rows: [] };
    for (const frame of [
      { ...tick, seq: 1.5 },
      { ...tick, rows: [['600519.SH', 1, 2, 3]] },
      { ...tick, rows: [['600519.SH', 1, 2, 3, 4, 5, null]] },
      { ...tick, rows: 'none' },
      { type: 'snapshot', seq: 1, quotes: [{ name: 'no code' }] },
      { type: 'snapshot', quotes: [] },
      { type: 'news', codes: ['600519.SH'] },
    ])
      factory.last().serverSends(frame);
    expect(listener).not.toHaveBeenCalled();
    factory.last().serverSends(tick);
    expect(listener).toHaveBeenCalledWith(tick);
  });

  it('asks for a snapshot once per gap, however many listeners ask, until a snapshot arrives', () => {
    const { client, factory } = setup();
    expect(client.requestSnapshot()).toBe(false);
    client.subscribe(['600519.SH'], () => {});
    client.start();
    factory.last().serverOpens();
    expect(client.requestSnapshot()).toBe(true);
    expect(client.requestSnapshot()).toBe(true);
    expect(factory.last().sent).toEqual([{ type: 'subscribe', codes: ['600519.SH'] }, { type: 'snapshot' }]);
    factory.last().serverSends({ type: 'snapshot', seq: 3, quotes: [] });
    client.requestSnapshot();
    expect(
      factory.last().sent.filter((message) => (message as { type: string }).type === 'snapshot'),
    ).toHaveLength(2);
    // A new connection resubscribes, which brings its own snapshot; a request there is new too.
    factory.last().serverCloses();
    vi.advanceTimersByTime(10_000);
    factory.last().serverOpens();
    expect(client.requestSnapshot()).toBe(true);
    expect(factory.last().sent).toEqual([{ type: 'subscribe', codes: ['600519.SH'] }, { type: 'snapshot' }]);
  });

  it('keeps the connection when the server does not know the quote messages yet', () => {
    const { client, factory } = setup();
    const listener = vi.fn();
    client.subscribe(['600519.SH'], listener);
    client.start();
    factory.last().serverOpens();
    factory.last().serverSends({ type: 'error', code: '400', message: '消息格式不正确' });
    expect(client.getState()).toMatchObject({
      status: 'open',
      lastServerError: { code: '400', message: '消息格式不正确' },
    });
    expect(listener).toHaveBeenCalledWith({ type: 'error', code: '400', message: '消息格式不正确' });
    expect(factory.sockets).toHaveLength(1);
  });

  it('drops frames that are not JSON objects with a type', () => {
    const { client, factory } = setup();
    const listener = vi.fn();
    client.subscribe([], listener);
    client.start();
    factory.last().serverOpens();
    for (const frame of ['not json', '[1,2]', '{"no":"type"}', 'null']) factory.last().serverSends(frame);
    expect(listener).not.toHaveBeenCalled();
    expect(client.lastMessageAt()).toBeNull();
  });

  it('keeps delivering when one listener throws', () => {
    const { client, factory } = setup();
    const thrown: unknown[] = [];
    vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((task) => {
      try {
        task();
      } catch (error) {
        thrown.push(error);
      }
    });
    const healthy = vi.fn();
    client.subscribe([], () => {
      throw new Error('broken');
    });
    client.subscribe([], healthy);
    client.start();
    factory.last().serverOpens();
    factory.last().serverSends({ type: 'pong', serverTime: 2 });
    expect(healthy).toHaveBeenCalledOnce();
    expect(thrown).toHaveLength(1);
  });

  it('does not send while disconnected', () => {
    const { client } = setup();
    expect(client.send({ type: 'ping' })).toBe(false);
  });
});

describe('start and stop', () => {
  it('stops for good: closes the socket, cancels timers and the visibility listener', () => {
    const { client, factory, visibility } = setup();
    client.start();
    factory.last().fails();
    client.stop();
    vi.advanceTimersByTime(60_000);
    expect(factory.sockets).toHaveLength(1);
    expect(visibility.listenerCount()).toBe(0);
    expect(client.getState().status).toBe('stopped');
  });

  it('ignores a second start while running', () => {
    const { client, factory } = setup();
    client.start();
    client.start();
    expect(factory.sockets).toHaveLength(1);
  });

  it('notifies state listeners on each transition', () => {
    const { client, factory } = setup();
    const seen: string[] = [];
    client.onState(() => seen.push(client.getState().status));
    client.start();
    factory.last().serverOpens();
    expect(seen).toEqual(['connecting', 'open']);
  });
});

describe('signing the socket in (issue 16: the user’s price alerts)', () => {
  it('sends the token on every open, and again or empty when the user changes', () => {
    let token: string | null = 'jwt-alice';
    const { client, factory } = setup({ token: () => token });
    client.start();
    factory.last().serverOpens();
    expect(factory.last().sent).toContainEqual({ type: 'auth', token: 'jwt-alice' });
    token = null;
    expect(client.authenticate()).toBe(true);
    expect(factory.last().sent.at(-1)).toEqual({ type: 'auth', token: '' });
    client.stop();
  });

  it('sends no auth for a visitor, and passes alert messages to listeners', () => {
    const { client, factory } = setup({ token: () => null });
    const heard: unknown[] = [];
    client.subscribe([], (message) => heard.push(message.type));
    client.start();
    factory.last().serverOpens();
    expect(factory.last().sent.some((sent) => (sent as { type: string }).type === 'auth')).toBe(false);
    factory.last().serverSends({ type: 'auth', signedIn: false });
    factory.last().serverSends({
      type: 'alert',
      banner: true,
      message: { id: 1, title: '贵州茅台 股价跌到 1490.00', body: '最新价 1489.50' },
    });
    factory.last().serverSends({ type: 'alert', banner: true, message: { id: 'x' } });
    expect(heard).toEqual(['auth', 'alert']);
    client.stop();
  });
});
