import { afterEach, describe, expect, it, vi } from 'vitest';
import { installGlobalErrorReporter } from './app-error-reporter.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('installGlobalErrorReporter', () => {
  it('posts an uncaught error to the contract errorReport endpoint, once per install', async () => {
    const fetch = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ code: '000', message: '成功', datas: null }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    document.body.innerHTML = '<div id="root"></div>';
    const uninstall = installGlobalErrorReporter();
    expect(installGlobalErrorReporter()).toBe(uninstall);

    window.dispatchEvent(
      new ErrorEvent('error', { message: 'render failed', error: new Error('render failed') }),
    );
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce(), { timeout: 10_000 });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toContain('/api/v2/system/errorReport');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      service: 'zhicai-web',
      container: 'browser',
      env: 'test',
      pathName: window.location.pathname,
      isWhite: true,
    });
    uninstall();
  });
});
