import { formatPercent, fundType, stockType } from '@zhicai/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { detailHref } from '../../../platform/links.ts';
import { QuerySection, SectionEmpty } from '../../../ui/section/index.ts';
import { useSwMap } from '../../index/index.ts';
import { useEtfHoldAll } from '../api/etf-hold-all.ts';
import { useEtfLinkFund } from '../api/etf-link-fund.ts';
import { collapsedHoldings, industryRows, visibleHoldings } from '../etf-rules.ts';
import '../../../ui/list-table/list-table.css';

/** A percent figure (12.5 = 12.5%) as the wire sends holdScale and swMap weights. */
const percentText = (percent: number) => formatPercent(percent / 100, { sign: false });

/** 持仓: the ten largest holdings, 查看全部 expands to every one. */
export function EtfHoldingsSection({ code }: { code: string }) {
  const query = useEtfHoldAll(code);
  const [expanded, setExpanded] = useState(false);
  return (
    <QuerySection
      title="持仓"
      query={query}
      skeletonLines={6}
      isEmpty={(data) => data.list.length === 0}
      emptyText="暂无持仓数据"
      aside={query.data ? `共 ${query.data.list.length} 只` : null}
    >
      {(data) => (
        <>
          <table className="list-table" id="etf-holdings">
            <thead>
              <tr>
                <th scope="col">名称</th>
                <th scope="col">代码</th>
                <th scope="col">占净值比</th>
              </tr>
            </thead>
            <tbody>
              {visibleHoldings(data.list, expanded).map((holding) => (
                <tr key={holding.code}>
                  <td>
                    {holding.kind === 'security' ? (
                      <Link to={detailHref(holding.code, stockType(holding.code))}>{holding.name}</Link>
                    ) : (
                      holding.name
                    )}
                  </td>
                  <td className="list-table__muted">{holding.code}</td>
                  <td className="list-table__number">{percentText(holding.holdScale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.list.length > collapsedHoldings ? (
            <button
              type="button"
              className="etf-more"
              aria-expanded={expanded}
              aria-controls="etf-holdings"
              onClick={() => setExpanded((open) => !open)}
            >
              {expanded ? '收起' : `查看全部（${data.list.length}）`}
            </button>
          ) : null}
        </>
      )}
    </QuerySection>
  );
}

/** 行业分布: SW level-1 industries of the holdings by weight. */
export function EtfIndustrySection({ code }: { code: string }) {
  const query = useSwMap(code);
  return (
    <QuerySection
      title="行业分布"
      query={query}
      skeletonLines={5}
      isEmpty={(data) => data.sw1.length === 0}
      aside="申万一级"
    >
      {(data) => {
        const rows = industryRows(data.sw1);
        const top = rows[0]?.weight ?? 0;
        return (
          <ul className="etf-bars" aria-label="申万一级行业分布">
            {rows.map((row) => (
              <li key={row.code} className="etf-bars__row">
                <span className="etf-bars__name">{row.name}</span>
                <span className="etf-bars__track" aria-hidden="true">
                  <span
                    className="etf-bars__fill"
                    style={{ width: `${top > 0 ? Math.max(0, (row.weight / top) * 100) : 0}%` }}
                  />
                </span>
                <span className="etf-bars__value">{percentText(row.weight)}</span>
              </li>
            ))}
          </ul>
        );
      }}
    </QuerySection>
  );
}

/** 联接基金 and similar ETFs. */
export function EtfLinkSection({ code }: { code: string }) {
  const query = useEtfLinkFund(code);
  return (
    <QuerySection
      title="联接基金"
      query={query}
      skeletonLines={4}
      isEmpty={(data) => data.linkFunds.length === 0 && data.etfs.length === 0}
      emptyText="暂无联接基金"
    >
      {(data) => (
        <>
          {data.linkFunds.length > 0 ? (
            <ul className="etf-links" aria-label="场外联接基金">
              {data.linkFunds.map((fund) => (
                <li key={fund.code}>
                  <Link to={detailHref(fund.code, fundType(fund.code))} className="etf-links__item">
                    <span>{fund.name}</span>
                    <span className="list-table__muted">{fund.code}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <SectionEmpty>暂无联接基金</SectionEmpty>
          )}
          {data.etfs.length > 0 ? (
            <table className="list-table">
              <caption className="list-table__caption">同类ETF</caption>
              <thead>
                <tr>
                  <th scope="col">名称</th>
                  <th scope="col">持仓重合度</th>
                </tr>
              </thead>
              <tbody>
                {data.etfs.map((etf) => (
                  <tr key={etf.code}>
                    <td>
                      <Link to={detailHref(etf.code, 'fund_onside')}>{etf.name}</Link>
                      <span className="list-table__sub">{etf.code}</span>
                    </td>
                    <td className="list-table__number">{formatPercent(etf.similar, { sign: false })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </>
      )}
    </QuerySection>
  );
}
