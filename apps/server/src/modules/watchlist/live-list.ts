import {
  Codes,
  responseCodes,
  type WatchlistColumn,
  type WatchlistItem,
  watchlistItem,
} from '@zhicai/contract';
import {
  type ContentEncoding,
  compressAnswer,
  encodingHeaders,
  plainAnswerHeaders,
} from '../../http/answer-encoding.ts';
import { PreparedAnswer } from '../../http/register-endpoint.ts';
import type { Market } from '../../market/market.ts';
import type { PeriodReferences } from './period-changes.ts';
import {
  type QuoteFigures,
  quoteFigures,
  type SortKey,
  sortOrder,
  type UserFigures,
  userFigures,
} from './watchlist-rows.ts';

/**
 * The answer of listOptionalV4Items (issue 16 budget: 500 items, ≥ 3,000 requests per server
 * CPU-second), built from parts each made once:
 * - a row's quote part (price, changes, 量比, stale mark…) once per instrument and tick, shared by
 *   every user who follows it. quoteFigures' type is the contract row's, so it is serialised as it
 *   is: checking each against the row schema cost more than the rest of a tick's list (500 parses
 *   a tick), and the tests parse whole answers with the contract schema;
 * - a row's item part (name, pin, remark, holding…) once per list and change of the watchlist,
 *   checked against the contract's item schema when made;
 * - the answer's JSON (and its compressed bytes per encoding) once per list, sort, tick and change
 *   of the watchlist.
 * A request then costs the lookup of a ready answer. The answer is the same JSON the zod serializer
 * would write for these rows; the tests parse it with the contract schema.
 */

export type SortColumn = WatchlistColumn | 'default' | 'name' | 'code';

/**
 * How long a list is served before the stored version of the watchlist is read again: a write made
 * through another server instance (a second host on PostgreSQL) shows within it.
 */
export const LIST_REUSE_MS = 3000;
const LIST_CACHE_SIZE = 2000;

interface QuotePart {
  seq: number;
  figures: QuoteFigures;
  /** The figures' JSON members without the braces. */
  json: string;
}

export interface ItemPart {
  item: WatchlistItem;
  /** The item's JSON members without the braces. */
  json: string;
}

interface CachedAnswer {
  version: number;
  seq: number;
  plain: PreparedAnswer;
  encoded: Partial<Record<ContentEncoding, PreparedAnswer>>;
}

const envelopeHead = `{"code":${JSON.stringify(Codes.ok)},"message":${JSON.stringify(responseCodes[Codes.ok].message)},"datas":`;

function members(value: unknown): string {
  return JSON.stringify(value).slice(1, -1);
}

/** A row's SortKey for `column`, read from its parts without joining them into one row. */
function sortKey(item: WatchlistItem, figures: QuoteFigures, own: UserFigures, column: SortColumn): SortKey {
  switch (column) {
    case 'default':
      return { pinned: item.pinned, value: null };
    case 'name':
    case 'code':
      return { pinned: item.pinned, value: item[column] };
    case 'sinceAdded':
    case 'holdingProfit':
      return { pinned: item.pinned, value: own[column] };
    default:
      return { pinned: item.pinned, value: figures[column] };
  }
}

export function itemPart(item: WatchlistItem): ItemPart {
  return { item, json: members(watchlistItem.parse(item)) };
}

export function createLiveList(deps: {
  market: Market;
  references: PeriodReferences;
  /** Epoch ms of the market's latest tick. */
  latestTick: () => number;
}) {
  const { market, references } = deps;
  const { directory, engine } = market;
  const quoteParts = new Map<string, QuotePart>();
  const answers = new Map<string, CachedAnswer>();

  async function quotePartsOf(items: readonly ItemPart[], seq: number): Promise<QuotePart[]> {
    const missing = items.filter(({ item }) => quoteParts.get(item.code)?.seq !== seq);
    if (missing.length > 0) {
      const wanted = missing.flatMap(({ item }) => {
        const instrument = directory.get(item.code);
        return instrument ? [{ instrument, quote: engine.quote(item.code) }] : [];
      });
      const refs = await references.current(wanted);
      const latestTick = deps.latestTick();
      for (const { item } of missing) {
        const figures = quoteFigures(
          directory.get(item.code),
          engine.quote(item.code),
          refs.get(item.code),
          latestTick,
        );
        quoteParts.set(item.code, { seq, figures, json: members(figures) });
      }
    }
    return items.map(({ item }) => quoteParts.get(item.code) as QuotePart);
  }

  return {
    /**
     * The answer for one list and sort: reused while the watchlist's version and the tick are the
     * ones it was built from, else built from `items`.
     */
    async answer(
      key: string,
      version: number,
      load: () => Promise<{ groupId: number; items: readonly ItemPart[] }>,
      sort: { column: SortColumn; direction: 'asc' | 'desc' },
      encoding: ContentEncoding | null,
    ): Promise<PreparedAnswer> {
      const seq = engine.seq();
      let cached = answers.get(key);
      if (!cached || cached.version !== version || cached.seq !== seq) {
        const { groupId, items } = await load();
        const parts = await quotePartsOf(items, seq);
        const own = items.map(({ item }, index) =>
          userFigures(item, (parts[index] as QuotePart).figures.price),
        );
        const keys = items.map(({ item }, index) =>
          sortKey(item, (parts[index] as QuotePart).figures, own[index] as UserFigures, sort.column),
        );
        const texts = sortOrder(keys, sort.column, sort.direction).map(
          (index) =>
            `{${(items[index] as ItemPart).json},${(parts[index] as QuotePart).json},${members(own[index])}}`,
        );
        const json = `${envelopeHead}{"groupId":${groupId},"seq":${seq},"items":[${texts.join(',')}]}}`;
        cached = {
          version,
          seq,
          plain: new PreparedAnswer(Buffer.from(json), plainAnswerHeaders),
          encoded: {},
        };
        if (answers.size >= LIST_CACHE_SIZE) answers.delete(answers.keys().next().value as string);
        answers.set(key, cached);
      }
      if (encoding === null) return cached.plain;
      let encoded = cached.encoded[encoding];
      if (encoded === undefined) {
        encoded = new PreparedAnswer(
          compressAnswer(cached.plain.payload, encoding),
          encodingHeaders[encoding],
        );
        cached.encoded[encoding] = encoded;
      }
      return encoded;
    },
  };
}

export type LiveList = ReturnType<typeof createLiveList>;
