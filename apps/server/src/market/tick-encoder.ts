import type { EngineTick } from './quote-engine.ts';

/**
 * Turns one engine tick into the `tick` message of each subscription, as UTF-8 bytes ready for the
 * socket (issue 4: 10,000 sockets × 50 codes each within one core's budget).
 *
 * Every row is serialised once per tick, since all sockets share the rows; a socket's message is its
 * codes' pre-encoded rows copied between the message's head and tail, never a JSON.stringify per
 * socket. The bytes are exactly those of JSON.stringify of the message object with the rows in the
 * order the codes are given (contract ws.ts `tick`), so clients see the same text as ever.
 *
 * Each message comes already framed as a WebSocket text frame (RFC 6455 §5.2: final, unmasked as a
 * server's frames are, no extension bits), so the hub hands a socket one buffer for one write rather
 * than having ws frame it and write header and payload as two corked chunks.
 *
 * Messages are written into a MessageArena rather than one allocation each: with every socket
 * subscribed to its own mix of codes there is one distinct message per socket, and 10,000 separate
 * strings or buffers per tick (40 MB) would mostly feed the garbage collector.
 */

/** Size of the shared buffers messages are written into (a message larger than this gets its own). */
export const slabBytes = 256 * 1024;

/**
 * Memory tick messages are written into, kept from tick to tick. Messages follow one another in a
 * slab; the last one's bytes are taken back once its socket has handed them all to the kernel
 * (rewind), so in the usual case, where every write completes at once, one slab serves every socket
 * of every tick. Bytes a socket still holds queued are never taken back: the slab they are in is
 * left to them and the garbage collector once it is full, and a new one is started.
 */
export class MessageArena {
  #slab = Buffer.alloc(0);
  #used = 0;

  /** Writes a message of exactly `length` bytes with `write(target, start)`; returns its bytes. */
  write(length: number, write: (target: Buffer, start: number) => void): Buffer {
    if (length > this.#slab.length - this.#used) {
      this.#slab = Buffer.allocUnsafeSlow(Math.max(slabBytes, length));
      this.#used = 0;
    }
    const start = this.#used;
    write(this.#slab, start);
    this.#used = start + length;
    return this.#slab.subarray(start, start + length);
  }

  /** Writes the buffers one after another as one message (a socket's flash and tick, one write). */
  join(parts: readonly Buffer[]): Buffer {
    let length = 0;
    for (const part of parts) length += part.length;
    return this.write(length, (target, start) => {
      let at = start;
      for (const part of parts) {
        target.set(part, at);
        at += part.length;
      }
    });
  }

  /**
   * Takes back the bytes of `message` if it is the last one written: its socket has sent it whole
   * and nothing else refers to it.
   */
  rewind(message: Buffer): void {
    if (message.buffer === this.#slab.buffer && message.byteOffset + message.length === this.#used) {
      this.#used = message.byteOffset;
    }
  }
}

const comma = 0x2c;
const tail = Buffer.from(']}');

/** First header byte of a whole text message: FIN and opcode 1. */
const finalTextFrame = 0x81;
/** Payload-length codes announcing a 16-bit and a 64-bit extended length (RFC 6455 §5.2). */
const length16 = 126;
const length64 = 127;

function frameHeaderBytes(payloadLength: number): number {
  if (payloadLength < length16) return 2;
  return payloadLength <= 0xffff ? 4 : 10;
}

function writeFrameHeader(target: Buffer, start: number, payloadLength: number): void {
  target[start] = finalTextFrame;
  if (payloadLength < length16) {
    target[start + 1] = payloadLength;
  } else if (payloadLength <= 0xffff) {
    target[start + 1] = length16;
    target.writeUInt16BE(payloadLength, start + 2);
  } else {
    target[start + 1] = length64;
    target.writeBigUInt64BE(BigInt(payloadLength), start + 2);
  }
}

/**
 * Messages as whole text frames, unmasked as a server sends them, back to back in one buffer:
 * messages sent alike to many sockets (a channel's) are framed once and written to each as they
 * are, in one write, and a client reads them as as many messages.
 */
export function wholeTextFrames(texts: readonly string[]): Buffer {
  const lengths = texts.map((text) => Buffer.byteLength(text));
  const frames = Buffer.allocUnsafe(
    lengths.reduce((total, length) => total + frameHeaderBytes(length) + length, 0),
  );
  let at = 0;
  texts.forEach((text, index) => {
    const payloadLength = lengths[index] as number;
    writeFrameHeader(frames, at, payloadLength);
    at += frameHeaderBytes(payloadLength);
    at += frames.write(text, at);
  });
  return frames;
}

/** The payload of a frame the encoder wrote: the message's JSON without its frame header. */
export function framePayload(frame: Buffer): Buffer {
  return frame.subarray(headerBytesAt(frame, 0));
}

/** The length of the frame header starting at `at`. */
function headerBytesAt(frames: Buffer, at: number): number {
  const lengthCode = (frames[at + 1] as number) & 0x7f;
  return lengthCode === length64 ? 10 : lengthCode === length16 ? 4 : 2;
}

/** The payloads of whole text frames written back to back (wholeTextFrames), in order. */
export function framePayloads(frames: Buffer): Buffer[] {
  const payloads: Buffer[] = [];
  let at = 0;
  while (at < frames.length) {
    const lengthCode = (frames[at + 1] as number) & 0x7f;
    const headerBytes = headerBytesAt(frames, at);
    const payloadLength =
      lengthCode === length64
        ? Number(frames.readBigUInt64BE(at + 2))
        : lengthCode === length16
          ? frames.readUInt16BE(at + 2)
          : lengthCode;
    payloads.push(frames.subarray(at + headerBytes, at + headerBytes + payloadLength));
    at += headerBytes + payloadLength;
  }
  return payloads;
}

/**
 * Dense numbers for the codes sockets subscribe to, so a tick's rows are found by array index rather
 * than by string (50 look-ups per socket per tick). Only codes of known instruments are numbered
 * (the hub checks them), so it stays as small as the instrument list.
 */
export class CodeIndex {
  readonly #ids = new Map<string, number>();

  get size(): number {
    return this.#ids.size;
  }

  idOf(code: string): number {
    let id = this.#ids.get(code);
    if (id === undefined) {
      id = this.#ids.size;
      this.#ids.set(code, id);
    }
    return id;
  }

  find(code: string): number | undefined {
    return this.#ids.get(code);
  }
}

export interface TickEncoder {
  readonly seq: number;
  /**
   * The message for a socket subscribed to the codes numbered `ids` (CodeIndex), as a WebSocket text
   * frame: the rows of those that moved, in the order given.
   * With a `sharedKey` naming the subscription (its codes sorted and joined), sockets with the same
   * key share the bytes built for the first of them. A subscription only one socket holds is better
   * built without: keeping its bytes for the rest of the fan-out would only hold memory.
   */
  messageFor(ids: readonly number[], sharedKey?: string): Buffer;
}

export function createTickEncoder(
  tick: EngineTick,
  codeIndex: CodeIndex,
  arena: MessageArena = new MessageArena(),
): TickEncoder {
  const head = Buffer.from(
    `{"type":"tick","seq":${tick.seq},"time":${tick.time},"tradingDay":${tick.tradingDay},"rows":[`,
  );
  // Indexed by code id; a row no socket subscribes to is not even serialised.
  const rowBytes: (Buffer | undefined)[] = new Array(codeIndex.size).fill(undefined);
  for (const row of tick.rows) {
    const id = codeIndex.find(row[0]);
    if (id !== undefined) rowBytes[id] = Buffer.from(JSON.stringify(row));
  }

  const messages = new Map<string, Buffer>();
  /** The rows of the message being built; reused from one message to the next. */
  const parts: Buffer[] = [];

  function build(ids: readonly number[]): Buffer {
    parts.length = 0;
    let length = head.length + tail.length;
    for (let index = 0; index < ids.length; index += 1) {
      const bytes = rowBytes[ids[index] as number];
      if (bytes === undefined) continue;
      if (parts.length > 0) length += 1;
      parts.push(bytes);
      length += bytes.length;
    }
    const headerBytes = frameHeaderBytes(length);
    const message = arena.write(headerBytes + length, (target, start) => {
      writeFrameHeader(target, start, length);
      let at = start + headerBytes;
      target.set(head, at);
      at += head.length;
      for (let index = 0; index < parts.length; index += 1) {
        const bytes = parts[index] as Buffer;
        if (index > 0) target[at++] = comma;
        target.set(bytes, at);
        at += bytes.length;
      }
      target.set(tail, at);
    });
    parts.length = 0;
    return message;
  }

  return {
    seq: tick.seq,
    messageFor(ids, sharedKey) {
      if (sharedKey === undefined) return build(ids);
      let message = messages.get(sharedKey);
      if (message === undefined) {
        message = build(ids);
        messages.set(sharedKey, message);
      }
      return message;
    },
  };
}
