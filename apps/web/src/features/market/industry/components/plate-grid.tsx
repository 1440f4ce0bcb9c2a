import { Link } from 'react-router';
import { ChangeText, toneOfChange } from '../../../../ui/quote/index.ts';
import type { PlateSummaryRow } from '../api/plate-list.ts';
import { plateHref } from './plate-links.ts';
import '../../../../ui/quote/quote-tile.css';
import './industry.css';

/** Plates as tinted tiles: name, today's change (▲▼, red up / green down) and the 领涨股. */
export function PlateGrid({ rows, label }: { rows: readonly PlateSummaryRow[]; label: string }) {
  return (
    <ul className="industry-grid" aria-label={label}>
      {rows.map((plate) => (
        <li key={plate.code}>
          <Link
            to={plateHref(plate.code)}
            className={`quote-tile quote-tile--${toneOfChange(plate.chgPct, 'percent')} industry-tile`}
          >
            <span className="industry-tile__name">{plate.name}</span>
            <span className="industry-tile__change">
              <ChangeText value={plate.chgPct} kind="percent" />
            </span>
            <span className="industry-tile__leader">
              {plate.leader ? (
                <>
                  <span className="industry-tile__leader-name">{plate.leader.name}</span>
                  <ChangeText value={plate.leader.chgPct} kind="percent" />
                </>
              ) : (
                '--'
              )}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
