import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../testing/api-stub.ts';
import { installGlobalErrorReporter } from './app-error-reporter.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('installGlobalErrorReporter', () => {
  it('posts an uncaught error to the contract errorReport endpoint, once per install', async () => {
    const server = stubApi({ 'telemetry.errorReport': ok(null) });
    document.body.innerHTML = '<div id="root"></div>';
    const uninstall = installGlobalErrorReporter();
    expect(installGlobalErrorReporter()).toBe(uninstall);

    window.dispatchEvent(
      new ErrorEvent('error', { message: 'render failed', error: new Error('render failed') }),
    );
    await vi.waitFor(() => expect(server.fetch).toHaveBeenCalledOnce(), { timeout: 10_000 });
    expect(server.names()).toEqual(['telemetry.errorReport']);
    const [report] = server.requests('telemetry.errorReport');
    expect(report?.method).toBe('POST');
    expect(report?.params).toMatchObject({
      service: 'zhicai-web',
      container: 'browser',
      env: 'test',
      pathName: window.location.pathname,
      isWhite: true,
    });
    uninstall();
  });
});
