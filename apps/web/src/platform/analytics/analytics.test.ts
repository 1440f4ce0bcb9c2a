import { afterEach, describe, expect, it } from 'vitest';
import { localStore } from '../session/local-store.ts';
import { analytics } from './analytics.ts';

afterEach(() => {
  localStore.getState().setToken(null);
  analytics.drainEvents();
});

describe('analytics.track', () => {
  it('records nothing while there is no token (tracking off)', () => {
    analytics.track('页面访问', { path: '/', query: '' });
    expect(analytics.drainEvents()).toEqual([]);
  });

  it('queues events once a token exists', () => {
    localStore.getState().setToken('jwt-token');
    analytics.track('页面访问', { path: '/stock', query: 'stockCode=600519.SH' });
    const events = analytics.drainEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      name: '页面访问',
      value: { path: '/stock', query: 'stockCode=600519.SH' },
    });
    expect(analytics.drainEvents()).toEqual([]);
  });

  it('keeps at most 200 events, dropping the oldest', () => {
    localStore.getState().setToken('jwt-token');
    for (let i = 0; i < 250; i += 1) analytics.track('点击', { n: String(i) });
    const events = analytics.drainEvents();
    expect(events).toHaveLength(200);
    expect(events[0]?.value.n).toBe('50');
  });
});
