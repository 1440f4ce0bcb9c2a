import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/api-stub.ts';
import { forgetBrokerHomeLogin, notifyBrokerHomeLogin } from './use-broker-home-login.ts';

// The stub is typed by its first argument; the request wrapper passes the init as the second.
const homeLoginCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter(([url]) =>
    url.includes('/api/v2/broker/homeLogin'),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  forgetBrokerHomeLogin();
});

describe('broker home login notification (spec 1 §7)', () => {
  it('tells the broker once per session and login, and never for a visitor', async () => {
    const fetchMock = stubApi({
      '/api/v2/broker/homeLogin': { code: '000', datas: { notifiedAt: '2026-11-20T02:00:00.000Z' } },
    });
    notifyBrokerHomeLogin(null);
    notifyBrokerHomeLogin('jwt-1');
    notifyBrokerHomeLogin('jwt-1');
    await vi.waitFor(() => expect(homeLoginCalls(fetchMock)).toHaveLength(1));
    notifyBrokerHomeLogin('jwt-2');
    await vi.waitFor(() => expect(homeLoginCalls(fetchMock)).toHaveLength(2));
    expect(homeLoginCalls(fetchMock)[0]?.[1]?.method).toBe('POST');
  });

  it('tries again on the next visit after a failure', async () => {
    const fetchMock = stubApi({
      '/api/v2/broker/homeLogin': { code: '503', message: '券商服务暂时不可用', datas: null, status: 503 },
    });
    notifyBrokerHomeLogin('jwt-1');
    await vi.waitFor(() => expect(homeLoginCalls(fetchMock)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    notifyBrokerHomeLogin('jwt-1');
    await vi.waitFor(() => expect(homeLoginCalls(fetchMock)).toHaveLength(2));
  });
});
