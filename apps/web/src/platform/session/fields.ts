import type { KeyValueStorage } from '../storage/web-storage.ts';

/**
 * How one session field is kept in its storage, under a key equal to the field name (the names the
 * original app used, so values survive a switch between the two front ends).
 * `write` returns the text to store, null to remove the key, or undefined to leave storage as is.
 */
export interface FieldCodec<T> {
  read(raw: string | null): T;
  write(value: T): string | null | undefined;
}

export type Codecs<Fields> = { [K in keyof Fields]: FieldCodec<Fields[K]> };

/** Plain text; null removes the key. */
export const text: FieldCodec<string | null> = {
  read: (raw) => raw,
  write: (value) => value,
};

/** Text that is removed from storage when empty (spec 1 §3: isGetNewUserCard, APILOCK). */
export const textRemovedWhenEmpty: FieldCodec<string | null> = {
  read: (raw) => (raw === '' ? null : raw),
  write: (value) => (value ? value : null),
};

/** JSON text; null removes the key; unreadable text reads as the fallback. */
export function json<T>(fallback: T, options: { saveWhen?: (value: T) => boolean } = {}): FieldCodec<T> {
  return {
    read: (raw) => {
      if (raw === null) return fallback;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return fallback;
      }
    },
    write: (value) => {
      if (options.saveWhen && !options.saveWhen(value)) return undefined;
      return value === null ? null : JSON.stringify(value);
    },
  };
}

export function readFields<Fields>(storage: KeyValueStorage, codecs: Codecs<Fields>): Fields {
  const fields = {} as Fields;
  for (const key of Object.keys(codecs) as (keyof Fields & string)[]) {
    fields[key] = codecs[key].read(storage.getItem(key));
  }
  return fields;
}

export function writeField<Fields, K extends keyof Fields & string>(
  storage: KeyValueStorage,
  codecs: Codecs<Fields>,
  key: K,
  value: Fields[K],
): void {
  const raw = codecs[key].write(value);
  if (raw === undefined) return;
  try {
    if (raw === null) storage.removeItem(key);
    else storage.setItem(key, raw);
  } catch {
    // Storage full or blocked: the in-memory value still serves this page view.
  }
}
