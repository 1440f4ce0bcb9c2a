import { formatAmount } from '@zhicai/domain';
import { Link } from 'react-router';
import { ChangeText, toneClassName } from '../../../../ui/quote/index.ts';
import type { PlateSummaryRow } from '../api/plate-list.ts';
import type { PlateSortKey, SortOrder } from '../industry-rules.ts';
import { plateHref } from './plate-links.ts';
import { SortHeader } from './sort-header.tsx';
import '../../../../ui/list-table/list-table.css';
import './industry.css';

/** A ranked table of plates: 名称, 涨跌幅, 涨/跌家数, 成交额 and the 领涨股; headers sort. */
export function PlateTable({
  rows,
  label,
  sort,
  order,
  onSort,
}: {
  rows: readonly PlateSummaryRow[];
  label: string;
  sort: PlateSortKey;
  order: SortOrder;
  onSort: (sort: PlateSortKey, order: SortOrder) => void;
}) {
  return (
    <table className="list-table industry-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">名称 / 领涨股</th>
          <SortHeader
            column="chgPct"
            sort={sort}
            order={order}
            onSort={onSort}
            className="list-table__number"
          >
            涨跌幅
          </SortHeader>
          <SortHeader
            column="riseRatio"
            sort={sort}
            order={order}
            onSort={onSort}
            className="list-table__number"
          >
            涨/跌
          </SortHeader>
          <SortHeader
            column="amount"
            sort={sort}
            order={order}
            onSort={onSort}
            className="list-table__number"
          >
            成交额
          </SortHeader>
        </tr>
      </thead>
      <tbody>
        {rows.map((plate, index) => (
          <tr key={plate.code}>
            <td>
              <Link to={plateHref(plate.code)} className="industry-table__name">
                <span className="industry-table__rank">{index + 1}</span>
                {plate.name}
              </Link>
              <span className="list-table__sub">
                {plate.leader ? (
                  <>
                    {plate.leader.name} <ChangeText value={plate.leader.chgPct} kind="percent" />
                  </>
                ) : (
                  '--'
                )}
              </span>
            </td>
            <td className="list-table__number">
              <ChangeText value={plate.chgPct} kind="percent" />
            </td>
            <td className="list-table__number">
              <span className={toneClassName('up')}>{plate.riseCount}</span>/
              <span className={toneClassName('down')}>{plate.fallCount}</span>
            </td>
            <td className="list-table__number">{formatAmount(plate.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
