import type { LedgerEntry } from '@zhicai/contract';
import { beijingTime, signedPoints } from '../points-rules.ts';

/** 积分明细: what was earned (red) and spent (green), with why and when. */
export function LedgerList({ entries }: { entries: readonly LedgerEntry[] }) {
  return (
    <ul className="ledger-list" aria-label="积分明细">
      {entries.map((entry) => (
        <li key={entry.id} className="ledger-list__item">
          <div>
            <p className="ledger-list__title">{entry.title}</p>
            <p className="ledger-list__time">{beijingTime(entry.createdAt)}</p>
          </div>
          <span
            className={`ledger-list__amount ledger-list__amount--${entry.amount > 0 ? 'earned' : 'spent'}`}
          >
            {signedPoints(entry.amount)}
          </span>
        </li>
      ))}
    </ul>
  );
}
