import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EnvironmentKind } from '../environment.ts';
import {
  containerOf,
  type ErrorReport,
  installErrorReporter,
  isBlank,
  sameMessageIntervalMs,
} from './error-reporter.ts';

let uninstall: (() => void) | undefined;

afterEach(() => {
  uninstall?.();
  uninstall = undefined;
  document.body.innerHTML = '';
});

function setup({
  kind = 'browser' as EnvironmentKind,
  send = vi.fn(async (_report: ErrorReport) => {}),
} = {}) {
  let clock = 1_000_000;
  document.body.innerHTML = '<div id="root"></div>';
  uninstall = installErrorReporter(window, {
    send,
    context: () => ({ kind, env: 'production', service: 'zhicai-web' }),
    now: () => clock,
  });
  return {
    send,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

function throwGlobally(message: string, error: unknown = new Error(message)) {
  window.dispatchEvent(
    new ErrorEvent('error', { message, filename: 'https://x/app.js', lineno: 3, colno: 7, error }),
  );
}

function rejectGlobally(reason: unknown) {
  const event = new Event('unhandledrejection') as PromiseRejectionEvent;
  Object.defineProperty(event, 'reason', { value: reason });
  window.dispatchEvent(event);
}

describe('global error reporter (spec 1 §8, issue 3 item 8)', () => {
  it('reports a window error with device, service, container, env, pathName, isWhite and the message', () => {
    const { send } = setup();
    window.history.replaceState(null, '', '/stock?stockCode=600519.SH');
    throwGlobally('boom');
    expect(send).toHaveBeenCalledOnce();
    const report = send.mock.calls[0]?.[0];
    expect(report).toMatchObject({
      device: navigator.userAgent,
      service: 'zhicai-web',
      container: 'browser',
      env: 'production',
      pathName: '/stock',
      isWhite: true,
    });
    expect(report?.errorMsg).toMatch(/^boom \(https:\/\/x\/app\.js:3:7\)\nError: boom/);
  });

  it('reports unhandled rejections, with Error and non-Error reasons', () => {
    const { send } = setup();
    rejectGlobally(new TypeError('x is undefined'));
    rejectGlobally({ code: '500' });
    expect(send.mock.calls.map(([report]) => report.errorMsg.split('\n')[0])).toEqual([
      'Unhandled rejection: TypeError: x is undefined',
      'Unhandled rejection: {"code":"500"}',
    ]);
  });

  it('sends the same message at most once per minute', () => {
    const { send, advance } = setup();
    throwGlobally('again');
    advance(sameMessageIntervalMs - 1);
    throwGlobally('again');
    throwGlobally('different');
    expect(send).toHaveBeenCalledTimes(2);
    advance(1);
    throwGlobally('again');
    expect(send).toHaveBeenCalledTimes(3);
    expect(sameMessageIntervalMs).toBe(60_000);
  });

  it('never throws: a failing send and a throwing context are swallowed', async () => {
    const send = vi.fn(async () => {
      throw new Error('offline');
    });
    setup({ send });
    expect(() => throwGlobally('first')).not.toThrow();
    await Promise.resolve();
    uninstall?.();
    uninstall = installErrorReporter(window, {
      send,
      context: () => {
        throw new Error('broken context');
      },
    });
    expect(() => throwGlobally('second')).not.toThrow();
  });

  it('marks isWhite false when the root shows something', () => {
    const { send } = setup();
    const root = document.getElementById('root');
    if (root) root.innerHTML = '<main><h1>个股详情</h1></main>';
    throwGlobally('late');
    expect(send.mock.calls[0]?.[0].isWhite).toBe(false);
  });

  it('stops reporting once uninstalled', () => {
    const { send } = setup();
    uninstall?.();
    uninstall = undefined;
    // Without any listener jsdom would hand the event to the test runner as an uncaught error.
    const swallow = (event: Event) => event.preventDefault();
    window.addEventListener('error', swallow);
    throwGlobally('after');
    window.removeEventListener('error', swallow);
    expect(send).not.toHaveBeenCalled();
  });

  it('truncates to the contract limits', () => {
    const { send } = setup();
    throwGlobally('x'.repeat(20_000), null);
    expect(send.mock.calls[0]?.[0].errorMsg).toHaveLength(8000);
  });
});

describe('containerOf', () => {
  it.each([
    ['app', 'app'],
    ['miniProgram', 'miniWechat'],
    ['wechat', 'wechat'],
    ['browser', 'browser'],
  ] as const)('%s → %s', (kind, container) => {
    expect(containerOf(kind)).toBe(container);
  });
});

describe('isBlank', () => {
  it('is blank without a root, with an empty root, or whitespace only', () => {
    expect(isBlank(null)).toBe(true);
    const root = document.createElement('div');
    expect(isBlank(root)).toBe(true);
    root.innerHTML = '<div>  \n </div>';
    expect(isBlank(root)).toBe(true);
  });

  it('is not blank with text or an image', () => {
    const root = document.createElement('div');
    root.innerHTML = '<img alt="" src="a.png">';
    expect(isBlank(root)).toBe(false);
    root.innerHTML = '<p>知财</p>';
    expect(isBlank(root)).toBe(false);
  });
});
