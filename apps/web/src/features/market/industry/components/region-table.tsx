import { formatAmount } from '@zhicai/domain';
import { Link } from 'react-router';
import { detailHref } from '../../../../platform/links.ts';
import { ChangeText, toneClassName } from '../../../../ui/quote/index.ts';
import type { RegionPlateRow } from '../api/region-plates.ts';
import '../../../../ui/list-table/list-table.css';
import './industry.css';

/**
 * 地域 plates ranked by change. A region has no index of its own (no quote, no chart), so its row
 * opens nothing; its 领涨股 opens the stock.
 */
export function RegionTable({ rows, label }: { rows: readonly RegionPlateRow[]; label: string }) {
  return (
    <table className="list-table industry-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">地域 / 领涨股</th>
          <th scope="col" className="list-table__number">
            涨跌幅
          </th>
          <th scope="col" className="list-table__number">
            涨/跌
          </th>
          <th scope="col" className="list-table__number">
            成交额
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((region, index) => (
          <tr key={region.name}>
            <td>
              <span className="industry-table__name">
                <span className="industry-table__rank">{index + 1}</span>
                {region.name}
              </span>
              <span className="list-table__sub">
                {region.leader ? (
                  <>
                    <Link to={detailHref(region.leader.code, 'capital')}>{region.leader.name}</Link>{' '}
                    <ChangeText value={region.leader.chgPct} kind="percent" />
                  </>
                ) : (
                  '--'
                )}
              </span>
            </td>
            <td className="list-table__number">
              <ChangeText value={region.chgPct} kind="percent" />
            </td>
            <td className="list-table__number">
              <span className={toneClassName('up')}>{region.riseCount}</span>/
              <span className={toneClassName('down')}>{region.fallCount}</span>
            </td>
            <td className="list-table__number">{formatAmount(region.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
