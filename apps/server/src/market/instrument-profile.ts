import type { FundTerms } from './providers/demo/demo-profiles.ts';

/** The descriptive document stored with an instrument (instruments.profile), by kind. */
export type InstrumentProfile =
  | {
      kind: 'company';
      fullName: string;
      area: string;
      chairman: string;
      holder: string;
      /** Largest holder's stake, fraction. */
      holderTop1Pct: number;
      employees: number;
      website: string;
      mainBusiness: string;
      briefing: string;
      dividendYield: number;
    }
  | ({ kind: 'fund' } & FundTerms)
  | { kind: 'index'; publisher: string };
