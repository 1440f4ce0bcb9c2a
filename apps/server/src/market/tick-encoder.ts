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
   * The message for a socket subscribed to the codes numbered `ids` (CodeIndex): the rows of those
   * that moved, in the order given.
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
    const message = arena.write(length, (target, start) => {
      let at = start;
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
