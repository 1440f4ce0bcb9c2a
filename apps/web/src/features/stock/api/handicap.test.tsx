import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../../testing/api-stub.ts';
import { testQueryClient } from '../../../testing/render.tsx';
import { handicap } from '../testing/stock-fixtures.ts';
import { useHandicap } from './handicap.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

let client = testQueryClient();
function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useHandicap', () => {
  it('asks for the book again when a tick moves the quote, once per tick', async () => {
    client = testQueryClient();
    let time = handicap.time;
    const server = stubApi({ 'stock.handicap': () => ok({ ...handicap, time }) });
    const { result, rerender } = renderHook(({ at }) => useHandicap('600519.SH', at), {
      wrapper,
      initialProps: { at: handicap.time },
    });
    await waitFor(() => expect(result.current.data?.time).toBe(handicap.time));
    expect(server.calls('stock.handicap')).toHaveLength(1);

    time = handicap.time + 3000;
    rerender({ at: time });
    await waitFor(() => expect(result.current.data?.time).toBe(time));
    expect(server.calls('stock.handicap')).toHaveLength(2);
    // The same tick again asks nothing more.
    rerender({ at: time });
    expect(server.calls('stock.handicap')).toHaveLength(2);
  });

  it('waits for the first quote before asking', () => {
    client = testQueryClient();
    const server = stubApi({ 'stock.handicap': ok(handicap) });
    renderHook(() => useHandicap('600519.SH', undefined), { wrapper });
    expect(server.calls('stock.handicap')).toHaveLength(0);
  });
});
