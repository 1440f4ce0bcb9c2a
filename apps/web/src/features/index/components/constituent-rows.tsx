import { formatQuotePrice } from '@zhicai/domain';
import { useNavigate } from 'react-router';
import { detailHref } from '../../../platform/links.ts';
import { ChangeText, toneClassName, toneOfChange } from '../../../ui/quote/index.ts';
import { saveStockList, typeFromCode } from '../../stock/index.ts';
import type { Constituent } from '../api/constituents.ts';
import { formatWeight } from '../index-rules.ts';
import './index-pages.css';

/**
 * Constituent rows: name and code, price, change and weight. Tapping one saves the rows shown as the
 * saved stock list and opens the stock with its index `i`, so previous/next walk this list.
 */
export function ConstituentRows({ rows, label }: { rows: readonly Constituent[]; label: string }) {
  const navigate = useNavigate();
  const open = (index: number) => {
    const list = rows.map((row) => ({ code: row.code, type: typeFromCode(row.code) }));
    saveStockList(list);
    const entry = list[index];
    if (entry) void navigate(detailHref(entry.code, entry.type, index));
  };
  return (
    <ul className="constituents" aria-label={label}>
      <li className="constituents__head" aria-hidden="true">
        <span>名称</span>
        <span>最新价</span>
        <span>涨跌幅</span>
        <span>权重</span>
      </li>
      {rows.map((row, index) => {
        // The row carries no previous close: the price takes the colour of the change.
        const tone = toneOfChange(row.chgPct, 'percent');
        return (
          <li key={row.code}>
            <button type="button" className="constituents__row" onClick={() => open(index)}>
              <span className="constituents__name">
                <span>{row.name}</span>
                <span className="constituents__code">{row.code}</span>
              </span>
              <span className={toneClassName(tone)}>
                {formatQuotePrice(row.price, typeFromCode(row.code))}
              </span>
              <ChangeText value={row.chgPct} kind="percent" />
              <span>{formatWeight(row.weight)}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
