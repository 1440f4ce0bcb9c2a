import { describe, expect, it } from 'vitest';
import { resolveSocketUrls } from './socket-urls.ts';

describe('resolveSocketUrls', () => {
  it('resolves relative endpoints against the page origin with the matching socket scheme', () => {
    expect(resolveSocketUrls(['/ws?node=1'], 'http://127.0.0.1:8080/stock?x=1')).toEqual([
      'ws://127.0.0.1:8080/ws?node=1',
    ]);
    expect(resolveSocketUrls(['/ws'], 'https://zhicai.example/me')).toEqual(['wss://zhicai.example/ws']);
  });

  it('keeps absolute ws and wss endpoints as they are', () => {
    expect(
      resolveSocketUrls(['ws://10.0.0.1:9000/ws', 'wss://q2.zhicai.example/ws'], 'https://zhicai.example/'),
    ).toEqual(['ws://10.0.0.1:9000/ws', 'wss://q2.zhicai.example/ws']);
  });
});
