import type { InstrumentRef } from '@zhicai/contract';
import type { BadgeMarket, InstrumentType, TradingMarket } from '@zhicai/domain';
import type { InstrumentProfile } from './instrument-profile.ts';
import { type SwIndustryNode, swIndustryNode } from './providers/demo/sw-industry-tree.ts';
import type { MasterRow, ProfileReader } from './repositories/instruments.repository.ts';
import type { MarketRepositories } from './repositories/market-repositories.ts';
import type { IndexMemberRow } from './repositories/memberships.repository.ts';

/**
 * The instrument master in memory (issue 4, Data 4: hot lookups never go to SQL). Loaded once at
 * start from the database; it changes only when an import or a new demo market replaces it.
 */
export interface Instrument {
  code: string;
  name: string;
  type: InstrumentType;
  board: BadgeMarket;
  /** SW level-1 industry index code (801080.ZSI) for A-shares and SW indices. */
  industry: string | null;
  /**
   * An A-share's SW industries from level 1 down: [level 1, level 2, level 3] codes, or just
   * [level 1] when it has no place in the level-2/3 tree; empty without an industry.
   */
  swPath: readonly string[];
  listingDay: number;
  totalShares: number | null;
  floatShares: number | null;
  pinyinInitials: string;
  pinyin: string;
  isSt: boolean;
  /**
   * The day the share was delisted (面值退市, domain delisting.ts), or null while listed. A delisted
   * share keeps its page, history and search hit, but leaves lists, ranks, breadth and indices.
   */
  delistedDay: number | null;
  profile: InstrumentProfile;
  market: TradingMarket;
  series: 'day' | 'nav';
}

export interface Membership {
  code: string;
  /**
   * Fraction of the index at its rebalancing (stored), rescaled over the members that stay when a
   * member is delisted.
   */
  weight: number;
  /**
   * Free-float shares × cap factor (index-composition.ts), when the source gives it: the index is
   * then computed from its members and its live weights follow their prices.
   */
  quantity?: number;
}

export function isFundType(type: InstrumentType): boolean {
  return type === 'fund_outside' || type === 'fund_lof' || type === 'fund_onside';
}

export function isIndexType(type: InstrumentType): boolean {
  return type.startsWith('index_');
}

const typeOrder: Readonly<Record<InstrumentType, number>> = {
  capital: 0,
  index_hs: 1,
  fund_onside: 2,
  hk: 3,
  index_hy: 4,
  index_gn: 5,
  index_hk_hs: 6,
  fund_lof: 7,
  fund_outside: 8,
};

export interface InstrumentDirectory {
  get(code: string): Instrument | undefined;
  /** Every instrument of the master, delisted shares included (their pages still quote them). */
  all(): readonly Instrument[];
  /** The listed instruments of the given types, as lists, ranks and breadth count them. */
  ofType(...types: InstrumentType[]): Instrument[];
  /** Members of an index, heaviest first; a delisted share is a member of none. */
  membersOf(indexCode: string): readonly Membership[];
  /** Indices an instrument belongs to. */
  indicesOf(code: string): readonly Membership[];
  /**
   * Reads the index members and the delisting days again: a roll-forward that passed an index review
   * replaced the members, and one may have delisted shares (demo-provider.ts rollForward), while the
   * instruments stay the same.
   */
  reloadMembers(): Promise<void>;
  /**
   * Search by code, Chinese name, pinyin initials (gzmt) or full pinyin (guizhoumaotai), and an
   * A-share also by the names of its industries (SW levels 1–3) and concepts (白酒 finds 贵州茅台).
   * Best matches first: exact code, code prefix, initials prefix, name prefix, name contains, pinyin,
   * then the industry and concept hits, heaviest in their industry first. One hit per instrument: an
   * LOF's exchange listing (161725.SZ) is found as its fund (161725.OF), whose page shows both.
   */
  search(keyword: string, limit: number, filter?: (instrument: Instrument) => boolean): Instrument[];
  ref(instrument: Instrument): InstrumentRef;
  /** An SW industry of levels 1–3 by code: level 1 from the master, levels 2–3 from the SW tree. */
  swIndustry(code: string): Omit<SwIndustryNode, 'parent' | 'verified'> | undefined;
  /**
   * Reads the profile documents not asked for yet, a chunk per turn (`nextTurn` yields the event
   * loop), then parses their SW paths and builds the maps derived from them (sub-industries, topics)
   * the same way, so the lists and search that need them all find them ready instead of reading and
   * parsing all 5.8 MB in one block. Run once the server serves; answers the CPU milliseconds spent.
   */
  readProfilesInBackground(nextTurn: () => Promise<void>): Promise<number>;
}

/**
 * The SW path of a stock as its stored profile gives it: levels 2 and 3 count only when they sit
 * under the stock's level 1. Nothing is guessed: an import without them serves level 1 alone.
 */
function swPathOf(industry: string | null, profile: InstrumentProfile): string[] {
  if (!industry) return [];
  if (profile.kind === 'company' && profile.swLevel2 && profile.swLevel3) {
    const level3 = swIndustryNode(profile.swLevel3);
    const level2 = swIndustryNode(profile.swLevel2);
    if (level3?.parent === level2?.code && level2?.parent === industry)
      return [industry, profile.swLevel2, profile.swLevel3];
  }
  return [industry];
}

/**
 * An instrument of the master as stored. Its profile document is read and parsed when first asked
 * for, and its SW path (which needs the profile) worked out then: a restart read 20,000 documents
 * (5.8 MB of text) it mostly never uses (issue 15 item 8: a restart answers within 1 s). A class, so
 * every instrument shares one shape: object literals with their own getters each got a hidden class
 * of their own, and every loop over instruments went megamorphic.
 */
class StoredInstrument implements Instrument {
  readonly code: string;
  readonly name: string;
  readonly type: InstrumentType;
  readonly board: BadgeMarket;
  readonly industry: string | null;
  readonly listingDay: number;
  readonly totalShares: number | null;
  readonly floatShares: number | null;
  readonly pinyinInitials: string;
  readonly pinyin: string;
  readonly isSt: boolean;
  readonly delistedDay: number | null;
  readonly market: TradingMarket;
  readonly series: 'day' | 'nav';
  readonly #documents: ProfileDocuments;
  #profile: InstrumentProfile | undefined = undefined;
  #swPath: readonly string[] | undefined = undefined;

  constructor(row: MasterRow, documents: ProfileDocuments, intern: (text: string) => string) {
    // By index, not destructured: a restart runs this once per instrument before V8 optimizes it,
    // and unoptimized array destructuring walks each row through the iterator protocol.
    const type = intern(row[2]) as InstrumentType;
    const industry = row[4];
    this.code = row[0];
    this.name = row[1];
    this.type = type;
    this.board = intern(row[3]) as BadgeMarket;
    this.industry = industry === null ? null : intern(industry);
    this.listingDay = row[5];
    this.totalShares = row[6];
    this.floatShares = row[7];
    this.pinyinInitials = row[8];
    this.pinyin = row[9];
    this.isSt = row[10] === 1;
    this.delistedDay = row[11];
    this.market = type === 'hk' || type === 'index_hk_hs' ? 'hk' : 'cn';
    this.series = type === 'fund_outside' || type === 'fund_lof' ? 'nav' : 'day';
    this.#documents = documents;
  }

  get profile(): InstrumentProfile {
    this.#profile ??= JSON.parse(this.#documents.take(this.code)) as InstrumentProfile;
    return this.#profile;
  }

  get swPath(): readonly string[] {
    this.#swPath ??= swPathOf(this.industry, this.profile);
    return this.#swPath;
  }
}

/** Each instrument's profile document, handed out once: the instrument keeps it parsed. */
interface ProfileDocuments {
  take(code: string): string;
  readInBackground(nextTurn: () => Promise<void>): Promise<number>;
}

/** Documents a background turn reads: about 150 KB of text, well under a millisecond's parse. */
const backgroundChunk = 500;

/**
 * One read per document while few are asked for (a stock page, a fund page); once more than
 * `singleReads` are before the background read has them, the rest in one read, as the screens and
 * search read them all.
 */
function profileDocuments(reader: ProfileReader, singleReads = 64): ProfileDocuments {
  let reads = 0;
  /** Documents read ahead and not taken yet. */
  let rest: Map<string, string> | null = null;
  /** Whether `rest` holds every document not taken (a read of them all, or the background's end). */
  let complete = false;
  const taken = new Set<string>();
  return {
    take(code) {
      taken.add(code);
      if (!complete && ++reads > singleReads) {
        rest = reader.readAll();
        complete = true;
      }
      const ahead = rest?.get(code);
      if (ahead !== undefined) {
        // Taken once: its instrument keeps the parsed profile, so the text need not stay.
        rest?.delete(code);
        return ahead;
      }
      return (complete ? undefined : reader.read(code)) ?? '{}';
    },
    async readInBackground(nextTurn) {
      let cpuMs = 0;
      let after = '';
      while (!complete) {
        await nextTurn();
        if (complete) break;
        const cpuFrom = process.cpuUsage();
        const chunk = reader.readAfter(after, backgroundChunk);
        rest ??= new Map();
        for (const [code, document] of chunk) if (!taken.has(code)) rest.set(code, document);
        const cpu = process.cpuUsage(cpuFrom);
        cpuMs += (cpu.user + cpu.system) / 1000;
        if (chunk.length < backgroundChunk) complete = true;
        else after = (chunk.at(-1) as [string, string])[0];
      }
      return cpuMs;
    },
  };
}

/** Documents read with the master (PostgreSQL): nothing is left to read in the background. */
function documentsInMemory(documents: Map<string, string>): ProfileDocuments {
  return {
    take(code) {
      const document = documents.get(code) ?? '{}';
      documents.delete(code);
      return document;
    },
    readInBackground: async () => 0,
  };
}

export async function loadInstrumentDirectory({
  instruments: instrumentsRepository,
  memberships,
}: Pick<MarketRepositories, 'instruments' | 'memberships'>): Promise<InstrumentDirectory> {
  const rows = await instrumentsRepository.readMaster();
  const reader = instrumentsRepository.profileReader();
  const documents = reader
    ? profileDocuments(reader)
    : documentsInMemory(await instrumentsRepository.readProfiles());
  const intern = interning();
  const instruments: Instrument[] = new Array(rows.length);
  const byCode = new Map<string, Instrument>();
  for (let at = 0; at < rows.length; at++) {
    const instrument = new StoredInstrument(rows[at] as MasterRow, documents, intern);
    instruments[at] = instrument;
    byCode.set(instrument.code, instrument);
  }
  const fundOfListing = new Map<string, Instrument>();
  for (const instrument of instruments) {
    const fund = lofFundOf(instrument, byCode);
    if (fund) fundOfListing.set(instrument.code, fund);
  }
  let maps = membershipMaps(instruments, byCode, await memberships.listIndexMembers());
  let listedOfType = listedByType(instruments);

  return {
    get: (code) => byCode.get(code.toUpperCase()),
    all: () => instruments,
    ofType: (...types) =>
      types.length === 1
        ? [...(listedOfType.get(types[0] as InstrumentType) ?? [])]
        : instruments.filter(
            (instrument) => instrument.delistedDay === null && types.includes(instrument.type),
          ),
    membersOf: (indexCode) =>
      maps.members.get(indexCode) ?? maps.derived().subIndustries.get(indexCode) ?? [],
    indicesOf: (code) => maps.memberOf().get(code) ?? [],
    async reloadMembers() {
      // A roll may have delisted shares (面值退市) as well as passed a review.
      const delisted = await instrumentsRepository.delistedDays();
      for (const instrument of instruments) instrument.delistedDay = delisted.get(instrument.code) ?? null;
      listedOfType = listedByType(instruments);
      maps = membershipMaps(instruments, byCode, await memberships.listIndexMembers());
    },
    search(keyword, limit, filter) {
      const text = keyword.trim().toLowerCase();
      if (text === '') return [];
      const best = new Map<string, Scored>();
      for (const found of instruments) {
        const instrument = fundOfListing.get(found.code) ?? found;
        if (filter && !filter(instrument)) continue;
        const scored = matchScore(found, text) ?? topicScore(maps.derived().topics.get(found.code), text);
        if (scored === null) continue;
        const previous = best.get(instrument.code);
        if (!previous || compareScores(scored, previous.score) < 0)
          best.set(instrument.code, { instrument, score: scored });
      }
      return [...best.values()]
        .sort(
          (a, b) =>
            compareScores(a.score, b.score) ||
            typeOrder[a.instrument.type] - typeOrder[b.instrument.type] ||
            a.instrument.code.localeCompare(b.instrument.code),
        )
        .slice(0, limit)
        .map((entry) => entry.instrument);
    },
    ref: (instrument) => ({ code: instrument.code, name: instrument.name, type: instrument.type }),
    async readProfilesInBackground(nextTurn) {
      let cpuMs = await documents.readInBackground(nextTurn);
      // Then every SW path (its profile parsed) and the maps derived from them, a chunk a turn: the
      // first search or sub-industry asked for would otherwise parse all 20,000 documents in one
      // block of 100 ms and more.
      const measured = (work: () => void) => {
        const from = process.cpuUsage();
        work();
        const cpu = process.cpuUsage(from);
        cpuMs += (cpu.user + cpu.system) / 1000;
      };
      for (let start = 0; start < instruments.length; start += backgroundChunk) {
        await nextTurn();
        measured(() => {
          for (const instrument of instruments.slice(start, start + backgroundChunk)) void instrument.swPath;
        });
      }
      await nextTurn();
      measured(() => void maps.derived());
      return cpuMs;
    },
    swIndustry(code) {
      const node = swIndustryNode(code);
      if (!node) return undefined;
      // Level 1 is named as the master names its index, which an import may spell its own way.
      const name = node.level === 1 ? (byCode.get(node.code)?.name ?? node.name) : node.name;
      return { code: node.code, name, level: node.level };
    },
  };
}

/**
 * The same string for each of the few values a column repeats (types, boards, industries): a read
 * answers a string per row, and 20,000 copies of `capital` otherwise live as long as the master.
 */
function interning(): (text: string) => string {
  const known = new Map<string, string>();
  return (text) => {
    const same = known.get(text);
    if (same !== undefined) return same;
    known.set(text, text);
    return text;
  };
}

/**
 * The listed instruments of each type in master order, for ofType: the stock screen and the fund
 * screen each asked for a type at start, a pass over all 20,000 instruments each.
 */
function listedByType(instruments: readonly Instrument[]): Map<InstrumentType, Instrument[]> {
  const byType = new Map<InstrumentType, Instrument[]>();
  for (const instrument of instruments) {
    if (instrument.delistedDay !== null) continue;
    const list = byType.get(instrument.type);
    if (list) list.push(instrument);
    else byType.set(instrument.type, [instrument]);
  }
  return byType;
}

/**
 * Who is in which index, as the directory serves it. What needs every A-share's SW path (hence its
 * profile document) is derived on first use: the members of SW levels 2 and 3, and the names and
 * weights search finds A-shares by.
 */
interface MembershipMaps {
  members: Map<string, Membership[]>;
  /**
   * Each share's indices, in the order of the stored rows: made on first use (a stock page, or the
   * derived maps the background builds once the server serves), not before a restart's first answer.
   */
  memberOf(): ReadonlyMap<string, Membership[]>;
  derived(): DerivedMaps;
}

interface DerivedMaps {
  subIndustries: Map<string, Membership[]>;
  topics: Map<string, Topics>;
}

function membershipMaps(
  instruments: readonly Instrument[],
  byCode: ReadonlyMap<string, Instrument>,
  indexRows: readonly IndexMemberRow[],
): MembershipMaps {
  const members = new Map<string, Membership[]>();
  // Few shares are ever delisted, and usually none: a set of them spares ~30,000 rows at full size
  // a lookup of their instrument each (tens of milliseconds of a restart; issue 15 item 8).
  const delisted = new Set(
    instruments.flatMap((instrument) => (instrument.delistedDay === null ? [] : [instrument.code])),
  );
  const isDelisted = (code: string) => delisted.size > 0 && delisted.has(code);
  // A delisted share leaves its indices from the day it is delisted (the stored bars end there), and
  // its weight is shared out over the members that stay in proportion, as the index provider does:
  // w ÷ (1 − Σ delisted w). A complete list then still sums to 100%, a partial (imported top-N) list
  // keeps each member's share of the whole index.
  const leftWeight = new Map<string, number>();
  if (delisted.size > 0)
    for (const row of indexRows)
      if (isDelisted(row[1])) leftWeight.set(row[0], (leftWeight.get(row[0]) ?? 0) + row[2]);
  // The index code of each row is a string of its own: the lists are keyed by one copy each.
  const intern = interning();
  // The memberships kept and their indices, in row order: what memberOf is made from when first used.
  const kept: Membership[] = [];
  const keptIndices: string[] = [];
  // Rows by index, not destructured (StoredInstrument says why).
  for (const row of indexRows) {
    const memberCode = row[1];
    if (isDelisted(memberCode)) continue;
    const rowIndex = row[0];
    const storedWeight = row[2];
    const quantity = row[3];
    const left = leftWeight.get(rowIndex) ?? 0;
    const weight = left > 0 && left < 1 ? Number((storedWeight / (1 - left)).toFixed(6)) : storedWeight;
    // The member's code is the master's copy when it has one: the row's own would live as long.
    const code = byCode.get(memberCode)?.code ?? memberCode;
    const indexCode = byCode.get(rowIndex)?.code ?? intern(rowIndex);
    const list = members.get(indexCode);
    const member: Membership = quantity === null ? { code, weight } : { code, weight, quantity };
    if (list) list.push(member);
    else members.set(indexCode, [member]);
    kept.push(member);
    keptIndices.push(indexCode);
  }
  for (const list of members.values()) list.sort((a, b) => b.weight - a.weight);
  let memberOf: Map<string, Membership[]> | undefined;
  const memberOfMap = () => {
    if (memberOf) return memberOf;
    memberOf = new Map();
    for (let at = 0; at < kept.length; at++) {
      const member = kept[at] as Membership;
      const index = { code: keptIndices[at] as string, weight: member.weight };
      const back = memberOf.get(member.code);
      if (back) back.push(index);
      else memberOf.set(member.code, [index]);
    }
    kept.length = 0;
    keptIndices.length = 0;
    return memberOf;
  };
  let derived: DerivedMaps | undefined;
  return {
    members,
    memberOf: memberOfMap,
    derived: () => {
      derived ??= derivedMaps(instruments, byCode, members, memberOfMap());
      return derived;
    },
  };
}

function derivedMaps(
  instruments: readonly Instrument[],
  byCode: ReadonlyMap<string, Instrument>,
  members: ReadonlyMap<string, Membership[]>,
  memberOf: ReadonlyMap<string, Membership[]>,
): DerivedMaps {
  // SW levels 2 and 3 are not instruments of their own: their members are the level-1 members
  // below them, with the level-1 weights scaled to sum to 1 again.
  const subIndustries = new Map<string, Membership[]>();
  for (const instrument of instruments) {
    const [level1, ...below] = instrument.swPath;
    if (!level1 || below.length === 0) continue;
    const weight = memberOf.get(instrument.code)?.find((index) => index.code === level1)?.weight ?? 0;
    for (const code of below) {
      const list = subIndustries.get(code) ?? [];
      list.push({ code: instrument.code, weight });
      subIndustries.set(code, list);
    }
  }
  for (const [code, list] of subIndustries) {
    const total = list.reduce((sum, member) => sum + member.weight, 0);
    subIndustries.set(
      code,
      list
        .map((member) => ({
          code: member.code,
          weight: total > 0 ? Number((member.weight / total).toFixed(6)) : 1 / list.length,
        }))
        .sort((a, b) => b.weight - a.weight),
    );
  }

  const topics = new Map<string, Topics>();
  for (const instrument of instruments) {
    if (instrument.type !== 'capital' || !instrument.industry) continue;
    const sw = instrument.swPath.map((code) => byCode.get(code)?.name ?? swIndustryNode(code)?.name ?? '');
    const concepts = (memberOf.get(instrument.code) ?? []).flatMap((index) => {
      const concept = byCode.get(index.code);
      return concept?.type === 'index_gn' ? [concept.name] : [];
    });
    topics.set(instrument.code, {
      names: [...sw, ...concepts].filter(Boolean),
      weight: uncappedWeight(instrument, members.get(instrument.industry)),
    });
  }

  return { subIndustries, topics };
}

/**
 * An A-share's weight in its SW level-1 industry before the index's cap: its stored weight divided
 * by its cap factor (quantity ÷ free-float shares). With a 10% cap several leaders share the same
 * capped weight, and "heaviest first" must still put the biggest company first.
 */
function uncappedWeight(instrument: Instrument, industry: readonly Membership[] | undefined): number {
  const membership = industry?.find((member) => member.code === instrument.code);
  if (!membership) return 0;
  const capFactor =
    membership.quantity !== undefined && instrument.floatShares
      ? membership.quantity / instrument.floatShares
      : 1;
  return capFactor > 0 ? membership.weight / capFactor : membership.weight;
}

/** The names an A-share is also found by, and its weight in its SW level-1 industry. */
interface Topics {
  names: readonly string[];
  weight: number;
}

/** A match's tier (lower is better) and, within the topic tier, the weight (higher is better). */
interface Score {
  tier: number;
  weight: number;
}

interface Scored {
  instrument: Instrument;
  score: Score;
}

function compareScores(a: Score, b: Score): number {
  return a.tier - b.tier || b.weight - a.weight;
}

/**
 * The fund an LOF's exchange listing belongs to: the listing trades as an on-exchange fund badged
 * LOF under the fund's number (161725.SZ for 161725.OF).
 */
function lofFundOf(instrument: Instrument, byCode: ReadonlyMap<string, Instrument>): Instrument | undefined {
  if (instrument.type !== 'fund_onside' || instrument.board !== 'lof') return undefined;
  const fund = byCode.get(`${instrument.code.slice(0, instrument.code.indexOf('.'))}.OF`);
  return fund?.type === 'fund_lof' ? fund : undefined;
}

/** Lower is better; null is no match. */
function matchScore(instrument: Instrument, text: string): Score | null {
  const tier = nameTier(instrument, text);
  return tier === null ? null : { tier, weight: 0 };
}

function nameTier(instrument: Instrument, text: string): number | null {
  const code = instrument.code.toLowerCase();
  const bareCode = code.slice(0, code.indexOf('.'));
  if (code === text || bareCode === text) return 0;
  if (bareCode.startsWith(text) || code.startsWith(text)) return 1;
  if (instrument.pinyinInitials === text) return 2;
  if (instrument.pinyinInitials.startsWith(text)) return 3;
  const name = instrument.name.toLowerCase();
  if (name === text) return 0;
  if (name.startsWith(text)) return 4;
  if (name.includes(text)) return 5;
  if (instrument.pinyin.startsWith(text)) return 6;
  if (text.length >= 2 && instrument.pinyin.includes(text)) return 7;
  return null;
}

/** A hit by industry or concept name comes after every hit by code, name or pinyin. */
function topicScore(topics: Topics | undefined, text: string): Score | null {
  if (!topics?.names.some((name) => name.toLowerCase().includes(text))) return null;
  return { tier: 8, weight: topics.weight };
}
