import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fake-socket.ts';
import { useQuoteSocketStatus, useQuoteSubscription } from './use-quote-socket.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function PageQuotes({ codes, enabled }: { codes: string[]; enabled: boolean }) {
  useQuoteSubscription(codes, () => {}, undefined, { enabled });
  const { status } = useQuoteSocketStatus();
  return <p>{status}</p>;
}

describe('the page socket, loaded on first use', () => {
  it('stays unopened while no page wants live quotes, then opens for the first that does', async () => {
    const created: string[] = [];
    vi.stubGlobal(
      'WebSocket',
      class extends FakeSocket {
        constructor(url: string) {
          super(url);
          created.push(url);
        }
      },
    );
    const { rerender } = render(<PageQuotes codes={['600519.SH']} enabled={false} />);
    // The status reads the page socket, whose module loads; the subscription is disabled.
    await waitFor(() => expect(screen.getByText('idle')).toBeTruthy());
    expect(created).toEqual([]);

    rerender(<PageQuotes codes={['600519.SH']} enabled />);
    // Enabled: the module (already loaded, or loading) starts the socket and subscribes the code.
    // The first import compiles the socket's modules, which can take a while under a full run.
    await waitFor(() => expect(screen.getByText('connecting')).toBeTruthy(), { timeout: 10_000 });
    expect(created).toHaveLength(1);
    expect(window.__zhicaiSocket?.subscribedCodes).toEqual(['600519.SH']);
    (await import('./app-quote-socket.ts')).getQuoteSocket().stop();
  }, 15_000);
});
