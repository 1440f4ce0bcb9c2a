import type { InstrumentRef, Quote } from '@zhicai/contract';
import { Link } from 'react-router';
import { detailHref } from '../../../../platform/links.ts';
import { ChangeText } from '../../../../ui/quote/index.ts';

/**
 * The instruments a flash is about, each a chip with its live change (red ▲ up, green ▼ down) that
 * opens the instrument's detail page. The quotes come from the page, which holds one live
 * subscription for every chip it shows.
 */
export function InstrumentChips({
  instruments,
  quotes,
}: {
  instruments: readonly InstrumentRef[];
  quotes: ReadonlyMap<string, Quote>;
}) {
  if (instruments.length === 0) return null;
  return (
    <ul className="flash-chips" aria-label="相关品种">
      {instruments.map((instrument) => (
        <li key={instrument.code}>
          <Link className="flash-chip" to={detailHref(instrument.code, instrument.type)}>
            <span className="flash-chip__name">{instrument.name}</span>
            <ChangeText value={quotes.get(instrument.code)?.chgPct} kind="percent" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
