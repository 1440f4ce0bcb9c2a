import { describe, expect, it } from 'vitest';
import { createLocalWechat } from './local-wechat.ts';

describe('local WeChat codes', () => {
  it('issues single-use codes that expire after five minutes', async () => {
    let now = 1_000_000;
    const wechat = createLocalWechat(() => new Date(now));
    const first = wechat.issueCode('甲');
    const second = wechat.issueCode('乙');
    expect((await wechat.exchangeCode(first))?.nickname).toBe('甲');
    expect(await wechat.exchangeCode(first)).toBeNull();
    now += 5 * 60_000;
    expect(await wechat.exchangeCode(second)).toBeNull();
  });

  it('forgets expired codes as new ones are issued', () => {
    let now = 1_000_000;
    const wechat = createLocalWechat(() => new Date(now));
    for (let index = 0; index < 100; index += 1) wechat.issueCode('甲');
    now += 5 * 60_000;
    wechat.issueCode('乙');
    expect(wechat.liveCodes()).toBe(1);
  });

  it('issues a code as fast with 20,000 live codes as with none (no scan of the live ones)', () => {
    const wechat = createLocalWechat(() => new Date(1_000_000));
    /** The fastest of three rounds of 2,000 codes, in ms. */
    const round = () =>
      Math.min(
        ...[0, 1, 2].map(() => {
          const started = performance.now();
          for (let index = 0; index < 2_000; index += 1) wechat.issueCode('甲');
          return performance.now() - started;
        }),
      );
    const empty = round();
    for (let index = 0; index < 20_000; index += 1) wechat.issueCode('乙');
    const crowded = round();
    expect(crowded).toBeLessThan(empty * 4 + 5);
  });
});
