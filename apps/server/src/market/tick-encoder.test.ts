import { serverMessage, type TickRow } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import type { EngineTick } from './quote-engine.ts';
import { CodeIndex, createTickEncoder, slabBytes } from './tick-encoder.ts';

function row(code: string, price: number): TickRow {
  return [
    code,
    price,
    price - 0.12,
    price + 0.3,
    price - 0.25,
    1_234_567 + price * 100,
    98_765_432.1 + price,
  ];
}

const tick: EngineTick = {
  seq: 42,
  time: 1_700_000_003_000,
  tradingDay: 20231114,
  rows: [row('600519', 1688.5), row('000001', 10.87), row('00700', 301.2), row('510300', 3.912)],
};

/** The message as the hub wrote it before the encoder: JSON of the message object, then UTF-8. */
function expectedText(source: EngineTick, codes: Iterable<string>): string {
  const byCode = new Map(source.rows.map((candidate) => [candidate[0], candidate]));
  const rows = [...codes].map((code) => byCode.get(code)).filter((candidate) => candidate !== undefined);
  return JSON.stringify({
    type: 'tick',
    seq: source.seq,
    time: source.time,
    tradingDay: source.tradingDay,
    rows,
  });
}

/** An encoder taking codes, as the hub's ids of them. */
function encoderOf(source: EngineTick) {
  const index = new CodeIndex();
  // Numbered in an order unlike the tick's, as subscriptions arrive in any order.
  for (const candidate of [...source.rows].reverse()) index.idOf(candidate[0]);
  const encoder = createTickEncoder(source, index);
  return {
    messageFor: (codes: readonly string[], sharedKey?: string) =>
      encoder.messageFor(
        codes.map((code) => index.idOf(code)),
        sharedKey,
      ),
  };
}

describe('tick encoder', () => {
  it('writes the same JSON as the message object, rows in the subscription order', () => {
    const encoder = encoderOf(tick);
    const codes = ['510300', '600519', 'UNMOVED', '000001'];
    const message = encoder.messageFor(codes);
    expect(message.toString('utf8')).toBe(expectedText(tick, codes));
    const parsed = serverMessage.parse(JSON.parse(message.toString('utf8')));
    expect(parsed).toMatchObject({ type: 'tick', seq: 42, rows: [tick.rows[3], tick.rows[0], tick.rows[1]] });
  });

  it('sends a subscription without moved codes an empty rows array, so its seq still advances', () => {
    const encoder = encoderOf(tick);
    expect(encoder.messageFor([], '').toString()).toBe(
      '{"type":"tick","seq":42,"time":1700000003000,"tradingDay":20231114,"rows":[]}',
    );
    expect(encoder.messageFor(['UNMOVED']).toString()).toBe(expectedText(tick, []));
  });

  it('serialises each distinct subscription once and shares its bytes', () => {
    const encoder = encoderOf(tick);
    const first = encoder.messageFor(['600519', '000001'], '000001,600519');
    expect(encoder.messageFor(['600519', '000001'], '000001,600519')).toBe(first);
    expect(encoder.messageFor(['00700'], '00700')).not.toBe(first);
    // Without a key the message is built afresh, with the same bytes.
    const unshared = encoder.messageFor(['600519', '000001']);
    expect(unshared).not.toBe(first);
    expect(unshared.equals(first)).toBe(true);
  });

  it('encodes non-ASCII text as UTF-8', () => {
    const wide: EngineTick = { ...tick, rows: [row('测试1', 1.5), row('000001', 10.87)] };
    const encoder = encoderOf(wide);
    const message = encoder.messageFor(['测试1', '000001']);
    expect(message.equals(Buffer.from(expectedText(wide, ['测试1', '000001']), 'utf8'))).toBe(true);
  });

  it('keeps every message intact across shared buffers, and gives an oversized one its own', () => {
    const rows = Array.from({ length: 600 }, (_, index) => row(String(600_000 + index), 10 + index / 7));
    const big: EngineTick = { ...tick, rows };
    const encoder = encoderOf(big);
    const subscriptions = Array.from({ length: 300 }, (_, client) =>
      Array.from({ length: 50 }, (_, index) => String(600_000 + ((client * 7 + index * 13) % 600))),
    );
    // Built first, checked after: a later message must not overwrite an earlier one.
    const messages = subscriptions.map((codes) => encoder.messageFor(codes));
    expect(messages.reduce((total, message) => total + message.length, 0)).toBeGreaterThan(2 * slabBytes);
    messages.forEach((message, client) => {
      expect(message.toString()).toBe(expectedText(big, subscriptions[client] ?? []));
    });

    const many = Array.from({ length: 6000 }, (_, index) => row(String(100_000 + index), 10 + index / 7));
    const huge: EngineTick = { ...tick, rows: many };
    const hugeEncoder = encoderOf(huge);
    const codes = many.map((candidate) => candidate[0]);
    const small = hugeEncoder.messageFor(['100000']);
    const large = hugeEncoder.messageFor(codes);
    expect(large.length).toBeGreaterThan(slabBytes);
    expect(large.toString()).toBe(expectedText(huge, codes));
    expect(small.toString()).toBe(expectedText(huge, ['100000']));
    expect(hugeEncoder.messageFor(['100001']).toString()).toBe(expectedText(huge, ['100001']));
  });
});
