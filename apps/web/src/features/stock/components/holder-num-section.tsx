import { formatAmount, formatPercent, formatPrice, formatReportDate } from '@zhicai/domain';
import { toneClassName, toneOfChange } from '../../../ui/quote/index.ts';
import { QuerySection } from '../../../ui/section/index.ts';
import { useHolderNum } from '../api/holder-num.ts';
import './sections.css';

/** 股东户数: holder counts of the latest reports, newest first. */
export function HolderNumSection({ code }: { code: string }) {
  const query = useHolderNum(code);
  return (
    <QuerySection
      variant="band"
      title="股东户数"
      query={query}
      isEmpty={(rows) => rows.length === 0}
      emptyText="暂无股东户数数据"
    >
      {(rows) => (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">截止日期</th>
              <th scope="col">股东户数</th>
              <th scope="col">较上期</th>
              <th scope="col">户均持股</th>
              <th scope="col">股价</th>
            </tr>
          </thead>
          <tbody>
            {[...rows]
              .sort((a, b) => b.date - a.date)
              .slice(0, 6)
              .map((row) => (
                <tr key={row.date}>
                  <td>{formatReportDate(row.date)}</td>
                  <td>{formatAmount(row.holderNum)}</td>
                  <td className={toneClassName(toneOfChange(row.chgPct, 'percent'))}>
                    {formatPercent(row.chgPct)}
                  </td>
                  <td>{formatAmount(row.avgShares)}</td>
                  <td>{formatPrice(row.price)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      )}
    </QuerySection>
  );
}
