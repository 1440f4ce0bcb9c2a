import {
  Codes,
  type Quote,
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
import type { Instrument } from '../../market/instrument-directory.ts';
import type { Market } from '../../market/market.ts';
import type { PeriodReference, PeriodReferences } from './period-changes.ts';
import {
  isStale,
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
 * - a row's quote part (price, changes, 量比, stale mark…) once per instrument and tick in which its
 *   quote moved (or its stale mark or period reference changed), shared by every user who follows
 *   it. quoteFigures' type is the contract row's, so it is serialised as it
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
  /** The latest tick the part was found current at. */
  seq: number;
  /** What the figures were made from: while all of it is the same, the part is reused as it is. */
  instrument: Instrument | undefined;
  quote: Quote | undefined;
  reference: PeriodReference | undefined;
  stale: boolean;
  figures: QuoteFigures;
  /** The figures' JSON members and the comma after them, as UTF-8. */
  bytes: Buffer;
}

export interface ItemPart {
  item: WatchlistItem;
  /** The row's opening brace, the item's JSON members and the comma after them, as UTF-8. */
  head: Buffer;
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

/** A number or null as JSON.stringify writes it (a number that is not finite becomes null). */
function jsonNumber(value: number | null): string {
  return value === null || !Number.isFinite(value) ? 'null' : String(value);
}

/**
 * The user's figures of a row as JSON members, with the row's closing brace: made for every row of
 * every list at each tick, so written directly rather than through JSON.stringify of an object.
 * ASCII only.
 */
function userTail(own: UserFigures): string {
  return `"sinceAdded":${jsonNumber(own.sinceAdded)},"holdingProfit":${jsonNumber(own.holdingProfit)},"holdingProfitPct":${jsonNumber(own.holdingProfitPct)}}`;
}

const COMMA = 0x2c;
const itemsTail = Buffer.from(']}}');

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
  return { item, head: Buffer.from(`{${members(watchlistItem.parse(item))},`) };
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
        const instrument = directory.get(item.code);
        const quote = engine.quote(item.code);
        const reference = refs.get(item.code);
        const stale = isStale(quote, latestTick);
        const kept = quoteParts.get(item.code);
        // The engine keeps a quote's object while the quote does not move, so a row whose quote
        // did not change in this tick keeps its figures and their JSON.
        if (
          kept &&
          kept.quote === quote &&
          kept.instrument === instrument &&
          kept.reference === reference &&
          kept.stale === stale
        ) {
          kept.seq = seq;
          continue;
        }
        const figures = quoteFigures(instrument, quote, reference, latestTick);
        quoteParts.set(item.code, {
          seq,
          instrument,
          quote,
          reference,
          stale,
          figures,
          bytes: Buffer.from(`${members(figures)},`),
        });
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
        const order = sortOrder(keys, sort.column, sort.direction);
        // The rows' bytes are copied from their parts into one buffer: joining their texts into
        // one string and encoding it cost more than the rest of the rebuild but the compression.
        const head = Buffer.from(`${envelopeHead}{"groupId":${groupId},"seq":${seq},"items":[`);
        const tails = order.map((index) => userTail(own[index] as UserFigures));
        let length = head.length + Math.max(order.length - 1, 0) + itemsTail.length;
        order.forEach((index, place) => {
          length +=
            (items[index] as ItemPart).head.length +
            (parts[index] as QuotePart).bytes.length +
            (tails[place] as string).length;
        });
        const payload = Buffer.allocUnsafe(length);
        let offset = head.copy(payload, 0);
        order.forEach((index, place) => {
          if (place > 0) payload[offset++] = COMMA;
          offset += (items[index] as ItemPart).head.copy(payload, offset);
          offset += (parts[index] as QuotePart).bytes.copy(payload, offset);
          offset += payload.write(tails[place] as string, offset, 'latin1');
        });
        itemsTail.copy(payload, offset);
        cached = {
          version,
          seq,
          plain: new PreparedAnswer(payload, plainAnswerHeaders),
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
