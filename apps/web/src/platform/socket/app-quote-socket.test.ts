import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fake-socket.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  delete (window as { __ZHICAI_RUNTIME__?: unknown }).__ZHICAI_RUNTIME__;
});

describe('the page socket', () => {
  it('uses the runtime config endpoints, resolved against the page, and publishes a read-only status', async () => {
    const created: FakeSocket[] = [];
    vi.stubGlobal(
      'WebSocket',
      class extends FakeSocket {
        constructor(url: string) {
          super(url);
          created.push(this);
        }
      },
    );
    window.__ZHICAI_RUNTIME__ = {
      apiLockKey: 'abcdefghijklmnop',
      brandMode: 'zhicai',
      quoteSocketUrls: ['ws://dead.example/ws', '/ws?node=2', '/ws?node=3', '/ws?node=4', '/ws?node=5'],
      wechatAppId: '',
      wechatAuthorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
    };
    const { startQuoteSocket } = await import('./app-quote-socket.ts');
    const socket = startQuoteSocket();
    expect(startQuoteSocket()).toBe(socket);
    expect(created.map((item) => item.url)).toEqual(['ws://dead.example/ws']);
    expect(window.__zhicaiSocket).toMatchObject({
      status: 'connecting',
      endpointIndex: 0,
      subscribedCodes: [],
    });

    created[0]?.fails();
    const origin = window.location.origin.replace(/^http/, 'ws');
    expect(window.__zhicaiSocket).toMatchObject({ status: 'waiting', url: `${origin}/ws?node=2` });
    expect(() => {
      (window as { __zhicaiSocket?: unknown }).__zhicaiSocket = null;
    }).toThrow(TypeError);
    socket.stop();
  });
});
