import { Link } from 'react-router';
import { detailHref } from '../../../../platform/links.ts';
import { useLiveQuotes } from '../../../../platform/quotes/index.ts';
import { ChangeText } from '../../../../ui/quote/index.ts';

/**
 * The instruments an article or paper names, each with its change: the live one (the realTime call,
 * then the quote socket), or the one the paper quotes when given, so a chip agrees with the text
 * beside it. A chip opens the instrument's detail page once its quote says which page that is.
 */
export function InstrumentChips({
  instruments,
  label = '相关标的',
}: {
  instruments: readonly { code: string; name: string; chgPct?: number | null }[];
  label?: string;
}) {
  const live = useLiveQuotes(instruments.map((instrument) => instrument.code));
  if (instruments.length === 0) return null;
  return (
    <ul className="instrument-chips" aria-label={label}>
      {instruments.map((instrument) => {
        const quote = live.quotes.get(instrument.code);
        const content = (
          <>
            <span className="instrument-chip__name">{instrument.name}</span>
            <ChangeText
              value={instrument.chgPct !== undefined ? instrument.chgPct : (quote?.chgPct ?? null)}
              kind="percent"
            />
          </>
        );
        return (
          <li key={instrument.code}>
            {quote ? (
              <Link className="instrument-chip" to={detailHref(instrument.code, quote.type)}>
                {content}
              </Link>
            ) : (
              <span className="instrument-chip">{content}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
