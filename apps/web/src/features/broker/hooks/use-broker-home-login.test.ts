import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, stubApi } from '../../../testing/api-stub.ts';
import { forgetBrokerHomeLogin, notifyBrokerHomeLogin } from './use-broker-home-login.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetBrokerHomeLogin();
});

describe('broker home login notification (spec 1 §7)', () => {
  it('tells the broker once per session and login, and never for a visitor', async () => {
    const server = stubApi({ 'broker.homeLogin': ok({ notifiedAt: '2026-11-20T02:00:00.000Z' }) });
    const homeLogins = () => server.requests('broker.homeLogin');
    notifyBrokerHomeLogin(null);
    notifyBrokerHomeLogin('jwt-1');
    notifyBrokerHomeLogin('jwt-1');
    await vi.waitFor(() => expect(homeLogins()).toHaveLength(1));
    notifyBrokerHomeLogin('jwt-2');
    await vi.waitFor(() => expect(homeLogins()).toHaveLength(2));
    expect(homeLogins()[0]?.method).toBe('POST');
  });

  it('tries again on the next visit after a failure', async () => {
    const server = stubApi({ 'broker.homeLogin': failure('503', '券商服务暂时不可用', 503) });
    notifyBrokerHomeLogin('jwt-1');
    await vi.waitFor(() => expect(server.calls('broker.homeLogin')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    notifyBrokerHomeLogin('jwt-1');
    await vi.waitFor(() => expect(server.calls('broker.homeLogin')).toHaveLength(2));
  });
});
