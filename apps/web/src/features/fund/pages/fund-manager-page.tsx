import { useQueryClient } from '@tanstack/react-query';
import { beijingDay, formatAmount, fundType, missingValue } from '@zhicai/domain';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { detailHref } from '../../../platform/links.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { ChangeText } from '../../../ui/quote/index.ts';
import { Section, SectionEmpty, SectionError, SectionSkeleton } from '../../../ui/section/index.ts';
import { fundManagerQueryOptions, useFundManager } from '../api/fund-manager.ts';
import { formatDay, tenureText } from '../fund-rules.ts';
import './fund-pages.css';
import '../../../ui/list-table/list-table.css';

// Bios longer than this start folded.
const foldedBioLength = 80;

/** /fundManager?managerId=…: a fund manager's profile and the funds they manage. */
export default function FundManagerPage() {
  const [params] = useSearchParams();
  // Links and the keep-alive key use managerId; `id` still opens links of the original app.
  const id = (params.get('managerId') ?? params.get('id') ?? '').trim();
  const queryClient = useQueryClient();
  const query = useFundManager(id);
  const [bioOpen, setBioOpen] = useState(false);
  const refresh = () => queryClient.refetchQueries({ queryKey: fundManagerQueryOptions(id).queryKey });
  const manager = query.data;

  return (
    <>
      <PageHeader title="基金经理" />
      <PullToRefresh onRefresh={refresh}>
        <main className="fund-page">
          {id === '' ? (
            <p className="fund-page__empty">缺少基金经理编号</p>
          ) : manager ? (
            <>
              <section className="fund-hero" aria-label="基金经理概况">
                <div className="fund-hero__title">
                  <span className="fund-managers__avatar fund-managers__avatar--large" aria-hidden="true">
                    {manager.name.slice(0, 1)}
                  </span>
                  <div>
                    <h2 className="fund-hero__name">{manager.name}</h2>
                    <p className="fund-hero__code">{manager.company}</p>
                  </div>
                </div>
                <dl className="fund-hero__figures">
                  <div>
                    <dt>从业时间</dt>
                    <dd>{tenureText(manager.careerStart, beijingDay(Date.now()))}</dd>
                  </div>
                  <div>
                    <dt>在管规模</dt>
                    <dd>{formatAmount(manager.assets)}元</dd>
                  </div>
                  <div>
                    <dt>年化回报</dt>
                    <dd>
                      <ChangeText value={manager.annualReturn} kind="percent" />
                    </dd>
                  </div>
                </dl>
                <p className="fund-manager__education">学历：{manager.education || missingValue}</p>
                {manager.bio ? (
                  <div className="fund-manager__bio">
                    <p id="manager-bio" className="fund-manager__bio-text">
                      {bioOpen || manager.bio.length <= foldedBioLength
                        ? manager.bio
                        : `${manager.bio.slice(0, foldedBioLength)}…`}
                    </p>
                    {manager.bio.length > foldedBioLength ? (
                      <button
                        type="button"
                        className="fund-link-button"
                        aria-expanded={bioOpen}
                        aria-controls="manager-bio"
                        onClick={() => setBioOpen((open) => !open)}
                      >
                        {bioOpen ? '收起' : '展开'}
                      </button>
                    ) : null}
                  </div>
                ) : null}
              </section>
              <Section title="在管基金" aside={`${manager.funds.length} 只`}>
                {manager.funds.length === 0 ? (
                  <SectionEmpty>暂无在管基金</SectionEmpty>
                ) : (
                  <table className="list-table">
                    <thead>
                      <tr>
                        <th scope="col">基金名称</th>
                        <th scope="col">任职日期</th>
                        <th scope="col">任职回报</th>
                        <th scope="col">规模</th>
                      </tr>
                    </thead>
                    <tbody>
                      {manager.funds.map((fund) => (
                        <tr key={fund.code}>
                          <td>
                            <Link to={detailHref(fund.code, fundType(fund.code))}>{fund.name}</Link>
                            <span className="list-table__sub">{fund.code}</span>
                          </td>
                          <td className="list-table__muted">{formatDay(fund.since)}</td>
                          <td className="list-table__number">
                            <ChangeText value={fund.tenureReturn} kind="percent" />
                          </td>
                          <td className="list-table__number">{formatAmount(fund.size)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </Section>
            </>
          ) : query.isError ? (
            <section className="fund-hero" aria-label="基金经理概况">
              <SectionError
                message="基金经理加载失败"
                onRetry={query.refetch}
                retrying={query.isRefetching}
              />
            </section>
          ) : (
            <section className="fund-hero" aria-label="基金经理概况">
              <SectionSkeleton lines={6} />
            </section>
          )}
        </main>
      </PullToRefresh>
    </>
  );
}
