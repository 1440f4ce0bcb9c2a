import type { DemoInstrument } from './demo-instrument.ts';
import type { DemoCatalogue } from './instrument-catalogue.ts';

/**
 * The demo catalogue as market_meta stores it: one array per field rather than one object per
 * instrument. A restart parses it before it can quote (issue 15 item 8: a restart answers within
 * 1 s); at the full size the object form was 6.4 MB, half of it the same seventeen keys written
 * 20,000 times, and its parse about 100 ms of CPU. The columns are half the text and parse in about
 * two thirds of the time, with fewer objects for the collector.
 */
interface StoredColumns {
  format: 'columns';
  seed: number;
  universe: DemoCatalogue['universe'];
  industries: DemoCatalogue['industries'];
  /** One value per instrument, in catalogue order; null where an optional field is absent. */
  columns: StoredInstrumentColumns;
}

type InstrumentField = keyof DemoInstrument;

const fields = [
  'code',
  'name',
  'type',
  'board',
  'industry',
  'swLevel2',
  'swLevel3',
  'listingDate',
  'totalShares',
  'floatShares',
  'referencePrice',
  'pinyinInitials',
  'pinyin',
  'generated',
  'core',
  'listingOf',
  'tracks',
] as const satisfies readonly InstrumentField[];

/** The stored columns by field; an optional field is null where the instrument leaves it out. */
type StoredInstrumentColumns = { [Field in InstrumentField]-?: (DemoInstrument[Field] | null)[] };

// A field added to DemoInstrument must be stored too: this fails to compile until it is listed.
const everyFieldListed: Exclude<InstrumentField, (typeof fields)[number]> extends never ? true : never = true;
void everyFieldListed;

export function encodeStoredCatalogue(catalogue: DemoCatalogue): string {
  const columns = Object.fromEntries(
    fields.map((field) => [field, catalogue.instruments.map((instrument) => instrument[field] ?? null)]),
  ) as StoredInstrumentColumns;
  const stored: StoredColumns = {
    format: 'columns',
    seed: catalogue.seed,
    universe: catalogue.universe,
    industries: catalogue.industries,
    columns,
  };
  return JSON.stringify(stored);
}

/**
 * The catalogue from its stored text, in either form: the columns, or the object per instrument a
 * data folder written before them holds (`current` says which, so the provider can store it again).
 */
export function decodeStoredCatalogue(text: string): { catalogue: DemoCatalogue; current: boolean } {
  const stored = JSON.parse(text) as StoredColumns | DemoCatalogue;
  if (!('columns' in stored)) return { catalogue: stored, current: false };
  const columns = stored.columns;
  const count = columns.code.length;
  const instruments = new Array<DemoInstrument>(count);
  // One object literal, so every instrument gets the same shape in one step (a loop over the field
  // names built each one key by key and cost what the columns saved).
  for (let at = 0; at < count; at += 1) {
    const instrument: DemoInstrument = {
      code: columns.code[at] as string,
      name: columns.name[at] as string,
      type: columns.type[at] as DemoInstrument['type'],
      board: columns.board[at] as DemoInstrument['board'],
      industry: columns.industry[at] as string | null,
      swLevel2: columns.swLevel2[at] as string | null,
      swLevel3: columns.swLevel3[at] as string | null,
      listingDate: columns.listingDate[at] as string,
      totalShares: columns.totalShares[at] as number | null,
      floatShares: columns.floatShares[at] as number | null,
      referencePrice: columns.referencePrice[at] as number | null,
      pinyinInitials: columns.pinyinInitials[at] as string,
      pinyin: columns.pinyin[at] as string,
      generated: columns.generated[at] as boolean,
      core: columns.core[at] as boolean,
    };
    const listingOf = columns.listingOf[at];
    if (listingOf != null) instrument.listingOf = listingOf;
    const tracks = columns.tracks[at];
    if (tracks != null) instrument.tracks = tracks;
    instruments[at] = instrument;
  }
  return {
    catalogue: { seed: stored.seed, universe: stored.universe, industries: stored.industries, instruments },
    current: true,
  };
}
