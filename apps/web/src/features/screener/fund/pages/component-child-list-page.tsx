import { href } from '@zhicai/contract';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { detailHref } from '../../../../platform/links.ts';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QuerySection } from '../../../../ui/section/index.ts';
import { useFundScreen } from '../api/fund-select.ts';
import { useFundSelectInfo } from '../api/fund-select-info.ts';
import { FundTags } from '../components/fund-tags.tsx';
import { decodeConditions, fromConditionSet, matchReason } from '../fund-screen-draft.ts';
import '../screener-fund.css';

/**
 * /componentChildList: why one fund is in a screen's results, each chosen condition's value against
 * its bounds, and its highlight and risk tags; or that it no longer matches.
 */
export default function ComponentChildListPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const conditionsText = params.get('conditions');
  const conditions = useMemo(() => decodeConditions(conditionsText), [conditionsText]);
  // Without a code there is no fund to explain: asking would answer the screen's first fund instead.
  const screen = useFundScreen({ ...conditions, code }, { order: 'desc' }, code !== '');
  const catalogue = useFundSelectInfo();
  const entries = useMemo(
    () => (catalogue.data?.groups ?? []).flatMap((group) => group.conditions),
    [catalogue.data],
  );
  const draft = useMemo(() => fromConditionSet(conditions, entries), [conditions, entries]);

  return (
    <>
      <PageHeader title="入选明细" right={<DemoDataBadge />} />
      <main className="fund-screen">
        {code === '' ? (
          <p className="fund-editor__hint">
            未指定基金，请从<Link to={href('chooseFund')}>基金筛选</Link>的结果中打开
          </p>
        ) : (
          <QuerySection
            title={code}
            query={screen}
            skeletonLines={6}
            errorText="入选明细加载失败"
            isEmpty={(data) => (data.pages[0]?.list.length ?? 0) === 0}
            emptyText={
              <>
                该基金目前不符合这些条件。
                {code ? <Link to={href('fundDetails', { code })}>查看基金详情</Link> : null}
              </>
            }
          >
            {(data) => {
              const page = data.pages[0];
              const row = page?.list[0];
              if (!page || !row) return null;
              const flags = page.columns.map((column) => column.flag);
              return (
                <div className="fund-child">
                  <h2 className="fund-child__name">
                    <Link to={detailHref(row.code, row.type)}>{row.name}</Link>
                  </h2>
                  <p className="list-table__sub">
                    {row.code} {row.category} · {row.company}
                  </p>
                  <ul className="fund-child__reasons" aria-label="入选理由">
                    {draft.map((condition) => {
                      const entry = entries.find((candidate) => candidate.flag === condition.flag);
                      const index = flags.indexOf(condition.flag);
                      if (!entry || index < 0) return null;
                      return (
                        <li key={condition.flag}>
                          {matchReason(condition, entry, row.values[index] ?? null)}
                        </li>
                      );
                    })}
                  </ul>
                  <FundTags tags={row.tags} as="p" />
                  <p className="fund-child__note">数据截至 {page.asOf}，每个交易日收盘后更新</p>
                </div>
              );
            }}
          </QuerySection>
        )}
      </main>
    </>
  );
}
