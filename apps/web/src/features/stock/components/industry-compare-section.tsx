import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { QuerySection } from '../../../ui/section/index.ts';
import { useIndustryCompare } from '../api/industry-compare.ts';
import { formatCompareCell } from '../stock-rules.ts';
import './sections.css';

/**
 * 行业对比: the industry's stocks side by side on the catalog's columns, this stock highlighted. The
 * columns scroll sideways; the name column stays in view.
 */
export function IndustryCompareSection({ code }: { code: string }) {
  const query = useIndustryCompare(code);
  return (
    <QuerySection
      variant="band"
      title="行业对比"
      aside={
        <span className="section-links">
          <Link to={href('compare-search', { type: 'stock', codes: code })}>对比</Link>
          <Link to={href('IndustryCompare', { code })}>行业排名</Link>
        </span>
      }
      query={query}
      isEmpty={(data) => data.list.length === 0}
      emptyText="暂无同行业数据"
      skeletonLines={5}
    >
      {(data) => (
        <div className="table-scroll">
          <table className="data-table">
            {data.industry ? (
              <caption className="data-table__caption">
                {data.industry.name}（共 {data.total} 家）
              </caption>
            ) : null}
            <thead>
              <tr>
                <th scope="col">排名</th>
                <th scope="col" className="data-table__name">
                  名称
                </th>
                {data.catalog.map((column) => (
                  <th key={column.key} scope="col">
                    {column.optname}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.list.map((row) => {
                const current = row.code === code;
                const cells = row as unknown as Record<string, unknown>;
                return (
                  <tr
                    key={row.code}
                    className={current ? 'data-table__row--current' : undefined}
                    aria-current={current ? 'true' : undefined}
                  >
                    <td>{row.rank}</td>
                    <th scope="row" className="data-table__name">
                      {row.name}
                    </th>
                    {data.catalog.map((column) => (
                      <td key={column.key}>{formatCompareCell(cells[column.key], column.unit)}</td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </QuerySection>
  );
}
