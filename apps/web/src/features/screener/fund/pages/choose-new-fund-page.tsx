import { href } from '@zhicai/contract';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../../platform/use-debounced-value.ts';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QueryStates } from '../../../../ui/section/index.ts';
import { SaveConditions } from '../../strategy/components/save-conditions.tsx';
import { fundConditionSetOf, strategyIdOf } from '../../strategy/strategy-rules.ts';
import { useFundNum } from '../api/fund-num.ts';
import { useFundRecommend } from '../api/fund-recommend.ts';
import { type FundCatalogue, useFundSelectInfo } from '../api/fund-select-info.ts';
import { ConditionEditor } from '../components/condition-editor.tsx';
import {
  decodeConditions,
  encodeConditions,
  type FundScreenDraft,
  fromConditionSet,
  toConditionSet,
} from '../fund-screen-draft.ts';
import '../screener-fund.css';

/** How long the count waits for a slider to rest before asking (spec: live, never blocking). */
const countDelayMs = 300;

/**
 * /chooseNewFund: the fund condition editor with presets and the live count; opened by 修改条件 of a
 * fund strategy (`strategy=`), it also saves the conditions back to that strategy.
 */
export default function ChooseNewFundPage() {
  const catalogue = useFundSelectInfo();
  return (
    <>
      <PageHeader title="条件选基" right={<DemoDataBadge />} />
      <main className="fund-screen">
        <QueryStates query={catalogue} skeletonLines={8} errorText="选基条件加载失败">
          {(data) => <Editor catalogue={data} />}
        </QueryStates>
      </main>
    </>
  );
}

function Editor({ catalogue }: { catalogue: FundCatalogue }) {
  const [params] = useSearchParams();
  const strategyId = strategyIdOf(params.get('strategy'));
  const entries = useMemo(() => catalogue.groups.flatMap((group) => group.conditions), [catalogue]);
  // A preset or a screen opened again from its results arrives in the URL.
  const [draft, setDraft] = useState<FundScreenDraft>(() =>
    fromConditionSet(decodeConditions(params.get('conditions')), entries),
  );
  const conditions = useMemo(() => toConditionSet(draft), [draft]);
  const settled = useDebouncedValue(conditions, countDelayMs);
  const count = useFundNum(settled);
  const presets = useFundRecommend();
  const waiting = count.isFetching || settled !== conditions;

  return (
    <>
      {presets.data && presets.data.list.length > 0 ? (
        <fieldset className="fund-presets" aria-label="推荐方案">
          {presets.data.list.map((preset) => (
            <button
              key={preset.id}
              type="button"
              className="fund-chip"
              title={preset.description}
              onClick={() => setDraft(fromConditionSet(preset.conditions, entries))}
            >
              {preset.name}
            </button>
          ))}
        </fieldset>
      ) : null}
      <ConditionEditor catalogue={catalogue} draft={draft} onChange={setDraft} />
      <footer className="fund-screen__footer">
        <output className="fund-screen__count" aria-live="polite" aria-busy={waiting}>
          {count.isError ? (
            '计数失败，稍后重试'
          ) : count.data ? (
            <>
              符合条件 <strong>{count.data.num}</strong> 只 / 共 {count.data.total} 只
            </>
          ) : (
            '计数中…'
          )}
        </output>
        {strategyId !== null ? (
          <SaveConditions
            id={strategyId}
            kind="fund"
            request={conditions}
            resultHref={(saved) =>
              href('componentFundList', { conditions: encodeConditions(fundConditionSetOf(saved)) })
            }
          />
        ) : null}
        <Link
          className="fund-screen__go"
          to={href('componentFundList', { conditions: encodeConditions(conditions) })}
        >
          查看结果
        </Link>
      </footer>
    </>
  );
}
