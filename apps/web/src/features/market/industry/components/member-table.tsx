import { formatAmount, formatPercent, formatQuotePrice } from '@zhicai/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { detailHref } from '../../../../platform/links.ts';
import { ChangeText } from '../../../../ui/quote/index.ts';
import type { PlateMemberRow } from '../api/plate-detail.ts';
import { type MemberSortKey, type SortOrder, sortMembers } from '../industry-rules.ts';
import { SortHeader } from './sort-header.tsx';
import '../../../../ui/list-table/list-table.css';
import './industry.css';

/** Members shown before 查看全部: a phone's first screens. */
const firstRows = 20;

/** A plate's constituents with price, change, amount and weight; headers sort, rows open the stock. */
export function MemberTable({ members, label }: { members: readonly PlateMemberRow[]; label: string }) {
  const [sort, setSort] = useState<MemberSortKey>('chgPct');
  const [order, setOrder] = useState<SortOrder>('desc');
  const [all, setAll] = useState(false);
  const sorted = sortMembers(members, sort, order);
  const shown = all ? sorted : sorted.slice(0, firstRows);
  const onSort = (column: MemberSortKey, next: SortOrder) => {
    setSort(column);
    setOrder(next);
  };
  return (
    <>
      <table className="list-table industry-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">名称</th>
            <SortHeader
              column="chgPct"
              sort={sort}
              order={order}
              onSort={onSort}
              className="list-table__number"
            >
              现价 / 涨跌幅
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
            <SortHeader
              column="weight"
              sort={sort}
              order={order}
              onSort={onSort}
              className="list-table__number"
            >
              权重
            </SortHeader>
          </tr>
        </thead>
        <tbody>
          {shown.map((member) => (
            <tr key={member.code}>
              <td>
                <Link to={detailHref(member.code, 'capital')}>{member.name}</Link>
                <span className="list-table__sub">{member.code}</span>
              </td>
              <td className="list-table__number">
                <span className="list-table__sub">{formatQuotePrice(member.price, 'capital')}</span>
                <ChangeText value={member.chgPct} kind="percent" />
              </td>
              <td className="list-table__number">{formatAmount(member.amount)}</td>
              <td className="list-table__number">{formatPercent(member.weight, { sign: false })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!all && sorted.length > firstRows ? (
        <button type="button" className="industry-more" onClick={() => setAll(true)}>
          查看全部 {sorted.length} 只成分股
        </button>
      ) : null}
    </>
  );
}
