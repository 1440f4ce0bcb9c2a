import type { ClientMessage, Flash, ServerMessage } from '@zhicai/contract';

/** What the client sends: the contract's messages (ws.ts), nothing of its own. */
export type OutgoingMessage = ClientMessage;

/** What the client hands its listeners: the contract's server messages that passed `parseIncoming`. */
export type IncomingMessage = ServerMessage;

export type TickMessage = Extract<ServerMessage, { type: 'tick' }>;
export type SnapshotMessage = Extract<ServerMessage, { type: 'snapshot' }>;
export type AlertSocketMessage = Extract<ServerMessage, { type: 'alert' }>;
export type FlashSocketMessage = Extract<ServerMessage, { type: 'flash' | 'flashes' }>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A flash as the timeline shows it (contract content-flash.ts `flash`). */
function isFlash(flash: unknown): boolean {
  return (
    isRecord(flash) &&
    isNumber(flash.id) &&
    isNumber(flash.time) &&
    typeof flash.title === 'string' &&
    typeof flash.body === 'string' &&
    Array.isArray(flash.instruments) &&
    Array.isArray(flash.sectors)
  );
}

/** A tick row: [code, price, open, high, low, volume, amount] (contract ws.ts `tickRow`). */
function isTickRow(row: unknown): boolean {
  return (
    Array.isArray(row) &&
    row.length === 7 &&
    typeof row[0] === 'string' &&
    row.slice(1).every((value) => isNumber(value))
  );
}

/**
 * The shape checks the listeners rely on, written by hand because zod stays out of the first paint
 * (CONVENTIONS "Small initial JS"). Connection messages are passed on as they come; a tick or a
 * snapshot that is malformed is dropped whole: the next tick then shows a gap in `seq` and the
 * client asks for a fresh snapshot, which heals it.
 */
function isServerMessage(value: Record<string, unknown>): boolean {
  switch (value.type) {
    case 'hello':
    case 'pong':
    case 'error':
      return true;
    case 'snapshot':
      return (
        Number.isInteger(value.seq) &&
        Array.isArray(value.quotes) &&
        value.quotes.every((quote) => isRecord(quote) && typeof quote.code === 'string')
      );
    case 'auth':
      return typeof value.signedIn === 'boolean';
    case 'alert':
      return (
        typeof value.banner === 'boolean' &&
        isRecord(value.message) &&
        isNumber(value.message.id) &&
        typeof value.message.title === 'string' &&
        typeof value.message.body === 'string'
      );
    case 'flashes':
      return Array.isArray(value.flashes) && value.flashes.length > 0 && value.flashes.every(isFlash);
    case 'flash':
      return isFlash(value.flash);
    case 'commentUnread':
      return Number.isInteger(value.unread);
    case 'tick':
      return (
        Number.isInteger(value.seq) &&
        isNumber(value.time) &&
        Array.isArray(value.rows) &&
        value.rows.every(isTickRow)
      );
    default:
      // A message type this client does not know (a newer server): nothing here could handle it.
      return false;
  }
}

/**
 * Reads one socket frame; anything that is not a JSON object with a `type` the contract lists, in
 * the shape the listeners rely on, is dropped.
 */
export function parseIncoming(data: unknown): IncomingMessage | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(value) || !isServerMessage(value)) return null;
  return value as IncomingMessage;
}

/**
 * The flashes a `flash` channel message carries, oldest first: every flash of a `flashes` batch (one
 * tick's), the one of the single form older servers send, none for any other message.
 */
export function flashesOf(message: IncomingMessage): Flash[] {
  if (message.type === 'flashes') return message.flashes;
  if (message.type === 'flash') return [message.flash];
  return [];
}

/**
 * The instrument codes a message is about — a snapshot's quotes, a tick's rows — or null for a
 * message about the connection itself (hello, pong, error) or one that names no code, which every
 * listener receives.
 */
export function codesOfMessage(message: IncomingMessage): string[] | null {
  let codes: string[] = [];
  if (message.type === 'snapshot') codes = message.quotes.map((quote) => quote.code);
  else if (message.type === 'tick') codes = message.rows.map(([code]) => code);
  return codes.length > 0 ? codes : null;
}
