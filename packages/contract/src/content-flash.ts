import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { dataSource, instrumentRef } from './instrument.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * The 7×24 flashes (快讯; issue 17, spec 2 §7.3 "Content and community", reference/protocol.md
 * "news feeds, cursor by lastId"). A flash is a short dated item with an importance level and the
 * instruments and sectors it is about. Feeds page by cursor: `lastId` is the id of the last flash a
 * client holds and the answer holds the flashes before it, so a flash written between two pages
 * neither repeats nor drops an item (an offset over a moving feed would do both).
 */

/** 1 普通, 2 重要 (shown in bold), 3 头条 (the 精华 feed). */
export const flashImportance = lazySchema(() => z.number().int().min(1).max(3));
export type FlashImportance = z.infer<typeof flashImportance>;

/** A sector a flash is about: a SW industry or concept index. */
export const flashSector = lazySchema(() => z.object({ code: z.string(), name: z.string() }));

export const flash = lazySchema(() =>
  z.object({
    id: z.number().int(),
    /** Epoch milliseconds the flash was written at (its event's time). */
    time: z.number(),
    title: z.string(),
    body: z.string(),
    importance: flashImportance,
    /** Instruments the flash is about, as the master names them (unknown codes are left out). */
    instruments: z.array(instrumentRef),
    sectors: z.array(flashSector),
    /** `demo`: written from the demo market's own events (演示数据); `import`: loaded from a file. */
    source: dataSource,
  }),
);
export type Flash = z.infer<typeof flash>;

/** The most flashes one page holds. */
export const maxFlashPage = 100;

const flashId = lazySchema(() =>
  z.coerce
    .number({ error: '快讯编号不正确' })
    .int({ error: '快讯编号不正确' })
    .min(1, { error: '快讯编号不正确' })
    .max(Number.MAX_SAFE_INTEGER, { error: '快讯编号不正确' }),
);

const cursor = lazySchema(() => ({
  /** The id of the last flash the client holds; absent or empty (`lastId=`) for the newest page. */
  lastId: z
    .union([z.literal(''), flashId])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  limit: z.coerce
    .number({ error: '条数不正确' })
    .int({ error: '条数不正确' })
    .min(1, { error: '条数不正确' })
    .max(maxFlashPage, { error: `每页最多 ${maxFlashPage} 条` })
    .default(30),
}));

/** A page of flashes, newest first; `lastId` is the cursor of the next page, null at the end. */
export const flashPage = lazySchema(() =>
  z.object({
    list: z.array(flash),
    lastId: z.number().int().nullable(),
  }),
);
export type FlashPage = z.infer<typeof flashPage>;

export const contentFlashEndpoints = {
  newsList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/news/list',
    auth: 'none',
    summary:
      '7×24快讯，按 lastId 游标分页（新的在前）；type 为最低重要度（1 全部、2 重要、3 头条），code 只看与某品种相关的',
    query: () =>
      z.object({
        ...cursor,
        type: z.coerce
          .number({ error: '类型不正确' })
          .int({ error: '类型不正确' })
          .min(1, { error: '类型不正确' })
          .max(3, { error: '类型不正确' })
          .default(1),
        code: z.string().max(20, { error: '代码不正确' }).optional(),
      }),
    datas: () => flashPage,
  }),
  newsJhList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/news/jh/list',
    auth: 'none',
    summary: '精华快讯（头条），按 lastId 游标分页（新的在前）',
    query: () => z.object(cursor),
    datas: () => flashPage,
  }),
  newsJhGet: defineEndpoint({
    method: 'GET',
    path: '/api/v2/news/jh/get',
    auth: 'none',
    summary: '一条快讯（快讯详情与分享卡片）',
    query: () => z.object({ id: flashId }),
    datas: () => flash,
  }),
};
