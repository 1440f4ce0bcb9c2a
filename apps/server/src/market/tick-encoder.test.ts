import { serverMessage, type TickRow } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import type { EngineTick } from './quote-engine.ts';
import { CodeIndex, createTickEncoder, framePayload, slabBytes } from './tick-encoder.ts';

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

/**
 * The text of one whole, unmasked WebSocket text frame (RFC 6455 §5.2), read as a client reads it:
 * throws unless the buffer is exactly such a frame.
 */
function textOfFrame(frame: Buffer): string {
  const [first = 0, second = 0] = frame;
  if (first !== 0x81) throw new Error(`not a final text frame without extension bits: ${first}`);
  if (second & 0x80) throw new Error('a server frame must not be masked');
  let length = second & 0x7f;
  let offset = 2;
  if (length === 126) {
    length = frame.readUInt16BE(2);
    offset = 4;
    if (length < 126) throw new Error('a 16-bit length must be at least 126');
  } else if (length === 127) {
    length = Number(frame.readBigUInt64BE(2));
    offset = 10;
    if (length <= 0xffff) throw new Error('a 64-bit length must be over 65535');
  }
  if (frame.length !== offset + length) throw new Error(`frame of ${frame.length} bytes announces ${length}`);
  return frame.toString('utf8', offset);
}

/** An encoder taking codes, as the hub's ids of them; its messages as their frames' text. */
function encoderOf(source: EngineTick) {
  const index = new CodeIndex();
  // Numbered in an order unlike the tick's, as subscriptions arrive in any order.
  for (const candidate of [...source.rows].reverse()) index.idOf(candidate[0]);
  const encoder = createTickEncoder(source, index);
  const frameFor = (codes: readonly string[], sharedKey?: string) =>
    encoder.messageFor(
      codes.map((code) => index.idOf(code)),
      sharedKey,
    );
  return { frameFor, textFor: (codes: readonly string[]) => textOfFrame(frameFor(codes)) };
}

describe('tick encoder', () => {
  it('writes the same JSON as the message object, rows in the subscription order', () => {
    const encoder = encoderOf(tick);
    const codes = ['510300', '600519', 'UNMOVED', '000001'];
    const text = encoder.textFor(codes);
    expect(text).toBe(expectedText(tick, codes));
    const parsed = serverMessage.parse(JSON.parse(text));
    expect(parsed).toMatchObject({ type: 'tick', seq: 42, rows: [tick.rows[3], tick.rows[0], tick.rows[1]] });
  });

  it('sends a subscription without moved codes an empty rows array, so its seq still advances', () => {
    const encoder = encoderOf(tick);
    expect(textOfFrame(encoder.frameFor([], ''))).toBe(
      '{"type":"tick","seq":42,"time":1700000003000,"tradingDay":20231114,"rows":[]}',
    );
    expect(encoder.textFor(['UNMOVED'])).toBe(expectedText(tick, []));
  });

  it('serialises each distinct subscription once and shares its bytes', () => {
    const encoder = encoderOf(tick);
    const first = encoder.frameFor(['600519', '000001'], '000001,600519');
    expect(encoder.frameFor(['600519', '000001'], '000001,600519')).toBe(first);
    expect(encoder.frameFor(['00700'], '00700')).not.toBe(first);
    // Without a key the message is built afresh, with the same bytes.
    const unshared = encoder.frameFor(['600519', '000001']);
    expect(unshared).not.toBe(first);
    expect(unshared.equals(first)).toBe(true);
  });

  it('encodes non-ASCII text as UTF-8', () => {
    const wide: EngineTick = { ...tick, rows: [row('测试1', 1.5), row('000001', 10.87)] };
    const encoder = encoderOf(wide);
    const payload = framePayload(encoder.frameFor(['测试1', '000001']));
    expect(payload.equals(Buffer.from(expectedText(wide, ['测试1', '000001']), 'utf8'))).toBe(true);
  });

  it('frames each message with the length field its size needs, and framePayload finds the JSON', () => {
    const rows = Array.from({ length: 2000 }, (_, index) => row(String(600_000 + index), 10 + index / 7));
    const encoder = encoderOf({ ...tick, rows });
    const codes = rows.map((candidate) => candidate[0]);
    // A bare head and tail (7-bit length), a few rows (16-bit) and every row (64-bit).
    for (const subscription of [[], codes.slice(0, 10), codes]) {
      const frame = encoder.frameFor(subscription);
      const text = expectedText({ ...tick, rows }, subscription);
      expect(textOfFrame(frame)).toBe(text);
      expect(framePayload(frame).toString()).toBe(text);
    }
    expect(encoder.frameFor([])[1]).toBeLessThan(126);
    expect(encoder.frameFor(codes.slice(0, 10))[1]).toBe(126);
    expect(encoder.frameFor(codes)[1]).toBe(127);
  });

  it('keeps every message intact across shared buffers, and gives an oversized one its own', () => {
    const rows = Array.from({ length: 600 }, (_, index) => row(String(600_000 + index), 10 + index / 7));
    const big: EngineTick = { ...tick, rows };
    const encoder = encoderOf(big);
    const subscriptions = Array.from({ length: 300 }, (_, client) =>
      Array.from({ length: 50 }, (_, index) => String(600_000 + ((client * 7 + index * 13) % 600))),
    );
    // Built first, checked after: a later message must not overwrite an earlier one.
    const frames = subscriptions.map((codes) => encoder.frameFor(codes));
    expect(frames.reduce((total, frame) => total + frame.length, 0)).toBeGreaterThan(2 * slabBytes);
    frames.forEach((frame, client) => {
      expect(textOfFrame(frame)).toBe(expectedText(big, subscriptions[client] ?? []));
    });

    const many = Array.from({ length: 6000 }, (_, index) => row(String(100_000 + index), 10 + index / 7));
    const huge: EngineTick = { ...tick, rows: many };
    const hugeEncoder = encoderOf(huge);
    const codes = many.map((candidate) => candidate[0]);
    const small = hugeEncoder.frameFor(['100000']);
    const large = hugeEncoder.frameFor(codes);
    expect(large.length).toBeGreaterThan(slabBytes);
    expect(textOfFrame(large)).toBe(expectedText(huge, codes));
    expect(textOfFrame(small)).toBe(expectedText(huge, ['100000']));
    expect(hugeEncoder.textFor(['100001'])).toBe(expectedText(huge, ['100001']));
  });
});
