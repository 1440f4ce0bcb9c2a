/**
 * One instrument of the demo catalogue. Its own file so the catalogue's parts (catalogue-fields.ts,
 * catalogue-extension.ts) can name it without importing the catalogue that imports them.
 */
import type { BadgeMarket, InstrumentType } from '@zhicai/domain';

export interface DemoInstrument {
  /** `code.EXCHANGE`, as reference/protocol.md spells it. */
  code: string;
  name: string;
  type: InstrumentType;
  /** The market badge this instrument carries (spec 1 §2), which for A-shares is its board. */
  board: BadgeMarket;
  /** SW level-1 industry code for A-shares and SW industry indices; null for everything else. */
  industry: string | null;
  /** SW level-2 and level-3 industry codes of an A-share (sw-industry-tree.ts); null otherwise. */
  swLevel2: string | null;
  swLevel3: string | null;
  /** Listing (or index launch, or fund inception) date, YYYY-MM-DD, Asia/Shanghai calendar. */
  listingDate: string;
  /** Shares (股) for stocks, units (份) for funds; null for indices, which have none. */
  totalShares: number | null;
  floatShares: number | null;
  /**
   * Stocks: the price level the stock trades around today (yuan; Hong Kong dollars in Hong Kong),
   * the real one for well-known names (well-known-companies.json). Null for funds and indices.
   */
  referencePrice: number | null;
  pinyinInitials: string;
  pinyin: string;
  /** False for the well-known instruments with real codes and names, true for generated fill. */
  generated: boolean;
  /**
   * On the exchange listing of an LOF (161725.SZ), the fund's own `.OF` code: the listing trades
   * around that fund's NAV instead of following the price model on its own.
   */
  listingOf?: string;
  /**
   * True for the instruments of the compact universe (every instrument of a compact catalogue, and
   * the same instruments at the head of a full one); false for the full universe's extension.
   */
  core: boolean;
  /**
   * The index an ETF, LOF or index fund of the full universe's extension was generated for (its
   * code, always an index of the full catalogue). Absent on the compact universe's funds, whose
   * index follows from their names (demo-profiles.ts trackedIndex, fundIndexOf).
   */
  tracks?: string;
}
