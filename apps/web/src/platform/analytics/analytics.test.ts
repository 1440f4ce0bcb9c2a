import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectEnvironment } from '../environment.ts';
import { localStore } from '../session/local-store.ts';
import { analytics, containerOf, eventBody } from './analytics.ts';

const request = vi.hoisted(() => vi.fn(async () => null));
vi.mock('../request/request.ts', () => ({ request }));

const app = detectEnvironment(
  'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36 ZhicaiApp/2022102000',
);

afterEach(() => {
  localStore.getState().setToken(null);
  request.mockClear();
});

describe('analytics (spec 1 §7 "event tracking")', () => {
  it('sends nothing while there is no token (tracking off)', () => {
    analytics.track('页面访问', { path: '/', query: '' });
    analytics.trackPageView('/', '');
    expect(request).not.toHaveBeenCalled();
  });

  it('sends the event through the telemetry call once a token exists', () => {
    localStore.getState().setToken('jwt-token');
    analytics.track('页面访问', { path: '/stock', query: 'stockCode=600519.SH' });
    expect(request).toHaveBeenCalledWith('telemetry.event', {
      event_name: '页面访问',
      event_ext1: '/stock',
      event_ext2: 'stockCode=600519.SH',
      container: 'browser',
      env: 'test',
    });
  });

  it('records page views through the page-view call', () => {
    localStore.getState().setToken('jwt-token');
    analytics.trackPageView('/fundHome', 'tab=2');
    analytics.trackPageView('/', '');
    expect(request).toHaveBeenCalledWith('telemetry.pageView', { path: '/fundHome', query: 'tab=2' });
    expect(request).toHaveBeenCalledWith('telemetry.pageView', { path: '/', query: undefined });
  });

  it('carries the app version and container, and at most five values', () => {
    const body = eventBody({ name: '点击', value: { a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' } }, app);
    expect(body).toEqual({
      event_name: '点击',
      event_ext1: '1',
      event_ext2: '2',
      event_ext3: '3',
      event_ext4: '4',
      event_ext5: '5',
      appVersion: '2022102000',
      container: 'app',
      env: 'test',
    });
  });

  it('names the container as the error reporter does', () => {
    const wechat = detectEnvironment('Mozilla/5.0 (iPhone) MicroMessenger/8.0.48');
    expect(containerOf(app)).toBe('app');
    expect(containerOf(wechat)).toBe('wechat');
    expect(containerOf(detectEnvironment('Mozilla/5.0 (iPhone) MicroMessenger/8.0.48 miniProgram'))).toBe(
      'miniWechat',
    );
    expect(containerOf(detectEnvironment('Mozilla/5.0 (iPhone) Safari'))).toBe('browser');
  });
});
