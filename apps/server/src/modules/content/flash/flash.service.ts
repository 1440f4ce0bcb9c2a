import { Codes, type Flash, type FlashImportance, type FlashPage } from '@zhicai/contract';
import { AppError } from '../../../http/app-error.ts';
import type { InstrumentDirectory } from '../../../market/instrument-directory.ts';
import type { FlashRepository, FlashRow } from './flash.repository.ts';

export interface FlashPageRequest {
  lastId?: number | undefined;
  limit: number;
  /** The lowest importance shown: 1 every flash, 2 重要, 3 头条. */
  minImportance: number;
  code?: string | undefined;
}

/** The rules of the 7×24 feeds: cursor pages, one flash, the wire shape of a stored flash. */
export function createFlashService(repository: FlashRepository, directory: InstrumentDirectory) {
  const parseCodes = (text: string): string[] => {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string') : [];
  };

  /** A stored flash as the contract gives it; codes the master no longer knows are left out. */
  function toFlash(row: FlashRow): Flash {
    return {
      id: row.id,
      time: row.time,
      title: row.title,
      body: row.body,
      importance: Math.min(3, Math.max(1, row.importance)) as FlashImportance,
      instruments: parseCodes(row.codes).flatMap((code) => {
        const instrument = directory.get(code);
        return instrument ? [directory.ref(instrument)] : [];
      }),
      sectors: parseCodes(row.sectors).flatMap((code) => {
        const name = directory.get(code)?.name ?? directory.swIndustry(code)?.name;
        return name ? [{ code, name }] : [];
      }),
      source: row.source === 'import' ? 'import' : 'demo',
    };
  }

  return {
    toFlash,

    /**
     * One page below the cursor, newest first. One row more than asked is read: the page's cursor
     * is null exactly when nothing older is left, so a client never asks for an empty page.
     */
    async page({ lastId, limit, minImportance, code }: FlashPageRequest): Promise<FlashPage> {
      const rows = await repository.page({
        ...(lastId !== undefined ? { beforeId: lastId } : {}),
        limit: limit + 1,
        minImportance,
        ...(code ? { code: code.trim().toUpperCase() } : {}),
      });
      const list = rows.slice(0, limit).map(toFlash);
      return { list, lastId: rows.length > limit ? (list.at(-1)?.id ?? null) : null };
    },

    /** The id of the newest flash stored, 0 when there is none. */
    newestId: () => repository.newestId(),

    async get(id: number): Promise<Flash> {
      const row = await repository.find(id);
      if (!row) throw new AppError(Codes.notFound, '快讯不存在或已删除', 404);
      return toFlash(row);
    },
  };
}

export type FlashService = ReturnType<typeof createFlashService>;
