import type { ClientMessage, ServerMessage } from '@zhicai/contract';

/**
 * Quote messages the client already speaks although the server's quote engine arrives with a later
 * issue (the contract's ws.ts then gains them and these local types give way to the contract's).
 * Until then the server answers each of them with `{type:'error'}`, which the client tolerates: the
 * connection stays up and the error is handed to listeners.
 */
export type QuoteRequest =
  | { type: 'subscribe'; codes: string[] }
  | { type: 'unsubscribe'; codes: string[] }
  /** Asks for the current state of these codes, so a reconnect shows fresh numbers at once. */
  | { type: 'snapshot'; codes: string[] };

export type OutgoingMessage = ClientMessage | QuoteRequest;

/** Any message of a type the contract does not list yet (snapshot, tick, …), passed on as it came. */
export interface UnlistedServerMessage {
  type: string;
  [field: string]: unknown;
}

export type IncomingMessage = ServerMessage | UnlistedServerMessage;

/** Reads one socket frame; anything that is not a JSON object with a string `type` is dropped. */
export function parseIncoming(data: unknown): IncomingMessage | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { type } = value as Record<string, unknown>;
  return typeof type === 'string' ? (value as IncomingMessage) : null;
}

/**
 * The instrument codes a message is about (its `code`, `stockCode` or `codes` field), or null for a
 * message about the connection itself (hello, pong, error), which every listener receives.
 */
export function codesOfMessage(message: IncomingMessage): string[] | null {
  const fields = message as Record<string, unknown>;
  const codes: string[] = [];
  for (const key of ['code', 'stockCode'] as const) {
    const value = fields[key];
    if (typeof value === 'string') codes.push(value);
  }
  const list = fields.codes;
  if (Array.isArray(list)) for (const item of list) if (typeof item === 'string') codes.push(item);
  // An error names a numeric error code in `code`, not an instrument: it concerns the connection.
  if (message.type === 'error') return null;
  return codes.length > 0 ? codes : null;
}
