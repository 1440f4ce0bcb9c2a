import { formatAmount, formatQuotePrice } from '@zhicai/domain';
import { Link } from 'react-router';
import { detailHref } from '../../../../platform/links.ts';
import { ChangeText } from '../../../../ui/quote/index.ts';
import type { PlateEtfRow } from '../api/plate-detail.ts';
import '../../../../ui/list-table/list-table.css';
import './industry.css';

/** ETFs with the index each tracks; rows open the ETF's page. */
export function EtfList({ etfs, label }: { etfs: readonly PlateEtfRow[]; label: string }) {
  return (
    <table className="list-table industry-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">ETF / 跟踪指数</th>
          <th scope="col" className="list-table__number">
            现价 / 涨跌幅
          </th>
          <th scope="col" className="list-table__number">
            成交额
          </th>
        </tr>
      </thead>
      <tbody>
        {etfs.map((etf) => (
          <tr key={etf.code}>
            <td>
              <Link to={detailHref(etf.code, 'fund_onside')}>{etf.name}</Link>
              <span className="list-table__sub">
                {etf.code} · {etf.index.name}
              </span>
            </td>
            <td className="list-table__number">
              <span className="list-table__sub">{formatQuotePrice(etf.price, 'fund_onside')}</span>
              <ChangeText value={etf.chgPct} kind="percent" />
            </td>
            <td className="list-table__number">{formatAmount(etf.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
