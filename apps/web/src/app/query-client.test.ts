import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../platform/request/api-error.ts';
import { createQueryClient } from './query-client.ts';

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('createQueryClient', () => {
  it('still runs queries while offline, so the request wrapper can report it', async () => {
    onlineManager.setOnline(false);
    const queryFn = vi.fn(() => Promise.reject(new NetworkError('网络已断开')));
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['offline'], queryFn, retryDelay: 0 })).rejects.toThrow(
      '网络已断开',
    );
    expect(queryFn).toHaveBeenCalled();
  });

  it('retries a network failure once and a server failure never', async () => {
    const client = createQueryClient();
    const network = vi.fn(() => Promise.reject(new NetworkError('网络已断开')));
    await expect(
      client.fetchQuery({ queryKey: ['network'], queryFn: network, retryDelay: 0 }),
    ).rejects.toThrow();
    expect(network).toHaveBeenCalledTimes(2);
    const server = vi.fn(() => Promise.reject(new ApiError('999', '系统繁忙，请稍后再试')));
    await expect(
      client.fetchQuery({ queryKey: ['server'], queryFn: server, retryDelay: 0 }),
    ).rejects.toThrow();
    expect(server).toHaveBeenCalledTimes(1);
  });
});
