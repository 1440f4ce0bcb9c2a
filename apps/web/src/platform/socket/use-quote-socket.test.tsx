import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { detectEnvironment } from '../environment.ts';
import { shouldPauseWhenHidden } from './app-quote-socket.ts';
import { fakeSocketFactory, fakeVisibility } from './fake-socket.ts';
import { createQuoteSocket, type QuoteListener, type QuoteSocket } from './quote-socket.ts';
import { useQuoteSocketStatus, useQuoteSubscription } from './use-quote-socket.ts';

const safari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('shouldPauseWhenHidden (spec 1 §4: only old app versions or plain web)', () => {
  it.each([
    ['plain browser', safari, true],
    ['WeChat', `${safari} MicroMessenger/8.0.49`, true],
    ['old ten-digit app version', `${safari} ZhicaiApp/2022022809`, true],
    ['first new ten-digit app version', `${safari} ZhicaiApp/2022022810`, false],
    ['old short app version', `${safari} ZhicaiApp/74`, true],
    ['new short app version', `${safari} ZhicaiApp/75`, false],
  ])('%s → %s', (_name, userAgent, expected) => {
    expect(shouldPauseWhenHidden(detectEnvironment(userAgent))).toBe(expected);
  });
});

function Status({ socket }: { socket: QuoteSocket }) {
  const { status, endpointIndex } = useQuoteSocketStatus(socket);
  return <p>{`${status}@${endpointIndex}`}</p>;
}

function Quote({
  socket,
  codes,
  onMessage,
}: {
  socket: QuoteSocket;
  codes: string[];
  onMessage: QuoteListener;
}) {
  useQuoteSubscription(codes, onMessage, socket);
  return null;
}

function setup() {
  const factory = fakeSocketFactory();
  const socket = createQuoteSocket({
    urls: ['ws://a/ws', 'ws://b/ws', 'ws://c/ws', 'ws://d/ws', 'ws://e/ws'],
    createSocket: factory.create,
    pauseWhenHidden: false,
    visibility: fakeVisibility().source,
  });
  return { socket, factory };
}

describe('useQuoteSocketStatus', () => {
  it('re-renders on each transition', () => {
    const { socket, factory } = setup();
    render(<Status socket={socket} />);
    expect(screen.getByText('idle@0')).toBeTruthy();
    act(() => socket.start());
    expect(screen.getByText('connecting@0')).toBeTruthy();
    act(() => factory.last().fails());
    expect(screen.getByText('waiting@1')).toBeTruthy();
    socket.stop();
  });
});

describe('useQuoteSubscription', () => {
  it('subscribes while mounted, keeps one subscription across re-renders and leaves on unmount', () => {
    const { socket, factory } = setup();
    socket.start();
    factory.last().serverOpens();
    const first = vi.fn();
    const second = vi.fn();
    const view = render(<Quote socket={socket} codes={['600519.SH']} onMessage={first} />);
    view.rerender(<Quote socket={socket} codes={['600519.SH']} onMessage={second} />);
    expect(socket.subscribedCodes()).toEqual(['600519.SH']);
    factory.last().serverSends({ type: 'snapshot', seq: 1, quotes: [{ code: '600519.SH' }] });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
    view.unmount();
    expect(socket.subscribedCodes()).toEqual([]);
    expect(factory.last().sent).toEqual([
      { type: 'subscribe', codes: ['600519.SH'] },
      { type: 'unsubscribe', codes: ['600519.SH'] },
    ]);
    socket.stop();
  });
});
