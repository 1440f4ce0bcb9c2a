import type { FundTerms } from './providers/demo/demo-profiles.ts';

/** The descriptive document stored with an instrument (instruments.profile), by kind. */
export type InstrumentProfile =
  | {
      kind: 'company';
      fullName: string;
      area: string;
      chairman: string;
      holder: string;
      /** Largest holder's stake, fraction; absent when the source does not know it. */
      holderTop1Pct?: number;
      /** Staff count; absent when the source does not know it. */
      employees?: number;
      website: string;
      mainBusiness: string;
      briefing: string;
      dividendYield: number;
      /**
       * SW2021 level-2 and level-3 industry codes (801125.ZSI, 851251.ZSI) under the instrument's
       * level-1 `industry`. Optional: databases written before levels 2 and 3 existed lack them,
       * and the directory then classifies the stock itself (instrument-directory.ts).
       */
      swLevel2?: string;
      swLevel3?: string;
    }
  | ({ kind: 'fund' } & FundTerms)
  | { kind: 'index'; publisher: string };
