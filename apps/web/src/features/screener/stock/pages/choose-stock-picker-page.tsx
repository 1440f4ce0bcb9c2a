import { href, pathOf, type StockCondition, type StockConditionGroup } from '@zhicai/contract';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../../platform/use-debounced-value.ts';
import { PageHeader, useRouteTitle } from '../../../../ui/page-header/index.ts';
import { DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QuerySection, Section } from '../../../../ui/section/index.ts';
import { SegmentedGroup, SegmentedItem } from '../../../../ui/segmented/index.ts';
import { SaveConditions } from '../../strategy/components/save-conditions.tsx';
import { strategyIdOf } from '../../strategy/strategy-rules.ts';
import { useScreenCatalogue, useScreenCount, useScreenPresets } from '../api/stock-screen.ts';
import { ConditionCard } from '../components/condition-card.tsx';
import {
  type DraftCondition,
  decodeRequest,
  draftOf,
  encodeRequest,
  initialCondition,
  requestOf,
} from '../screen-draft.ts';
import '../stock-screen.css';

/** The live count waits this long after the last change (a drag sends one request, not fifty). */
export const countDebounceMs = 250;

/**
 * /choose-stock-picker and /ChooseNew — the condition editor (issue 18 item 9): conditions picked by
 * group, ranges set by slider or typed with the market's distribution beside them, the count of
 * matching stocks kept live, presets to start from, and the results one tap away: /ChooseNew's on
 * /chooseResult (spec 2 §2.3 drops those when a new screen starts), the stock picker's on
 * /result-stock-picker. With `strategy=<id>` (修改条件 of a saved strategy) it opens on that
 * strategy's conditions and 保存条件 writes them back to it.
 */
export default function ChooseStockPickerPage() {
  const routeTitle = useRouteTitle('选股条件');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const resultRoute = pathname === pathOf('ChooseNew') ? 'chooseResult' : 'result-stock-picker';
  const strategyId = strategyIdOf(params.get('strategy'));
  const catalogue = useScreenCatalogue();
  const presets = useScreenPresets();
  const [draft, setDraft] = useState<DraftCondition[]>(() => draftOf(decodeRequest(params.get('q'))));
  const [group, setGroup] = useState<StockConditionGroup | null>(
    () => (params.get('group') as StockConditionGroup | null) ?? null,
  );
  const request = useMemo(() => requestOf(draft), [draft]);
  const settled = useDebouncedValue(request, countDebounceMs);
  const count = useScreenCount(settled);

  const conditions = useMemo(
    () =>
      new Map<string, StockCondition>(
        (catalogue.data?.groups ?? []).flatMap((entry) =>
          entry.conditions.map((condition) => [condition.code, condition]),
        ),
      ),
    [catalogue.data],
  );
  const toggle = (condition: StockCondition) =>
    setDraft((current) =>
      current.some((item) => item.code === condition.code)
        ? current.filter((item) => item.code !== condition.code)
        : [...current, initialCondition(condition)],
    );
  const update = (next: DraftCondition) =>
    setDraft((current) => current.map((item) => (item.code === next.code ? next : item)));
  const countText = count.data ? `${count.data.total}` : '--';

  return (
    <>
      <PageHeader title={routeTitle} right={<DemoDataBadge />} />
      <main className="stock-screen">
        <QuerySection
          title="常用组合"
          query={presets}
          skeletonLines={1}
          isEmpty={(list) => list.length === 0}
          emptyText="暂无常用组合"
        >
          {(list) => (
            <SegmentedGroup label="常用组合" className="stock-screen__presets">
              {list.map((preset) => (
                <SegmentedItem
                  key={preset.id}
                  pressed={false}
                  onClick={() => setDraft(draftOf(preset.request))}
                >
                  {preset.tag}
                </SegmentedItem>
              ))}
            </SegmentedGroup>
          )}
        </QuerySection>
        <QuerySection
          title="选择条件"
          query={catalogue}
          skeletonLines={6}
          isEmpty={(data) => data.groups.length === 0}
          emptyText="暂无可用条件"
        >
          {(data) => {
            const shown = data.groups.find((entry) => entry.group === group) ?? data.groups[0];
            return (
              <>
                <SegmentedGroup label="条件分组">
                  {data.groups.map((entry) => (
                    <SegmentedItem
                      key={entry.group}
                      pressed={entry.group === shown?.group}
                      onClick={() => setGroup(entry.group)}
                    >
                      {entry.group}
                    </SegmentedItem>
                  ))}
                </SegmentedGroup>
                <SegmentedGroup label={`${shown?.group ?? ''}条件`} className="stock-screen__conditions">
                  {(shown?.conditions ?? []).map((condition) => (
                    <SegmentedItem
                      key={condition.code}
                      pressed={draft.some((item) => item.code === condition.code)}
                      onClick={() => toggle(condition)}
                    >
                      {condition.name}
                    </SegmentedItem>
                  ))}
                </SegmentedGroup>
              </>
            );
          }}
        </QuerySection>
        <Section title={`已选条件（${draft.length}）`}>
          {draft.length === 0 ? (
            <p className="stock-screen__hint">从上方选择条件，或点一个常用组合开始</p>
          ) : (
            draft.map((item) => {
              const condition = conditions.get(item.code);
              return condition ? (
                <ConditionCard
                  key={item.code}
                  condition={condition}
                  draft={item}
                  onChange={update}
                  onRemove={() => setDraft((current) => current.filter((other) => other.code !== item.code))}
                />
              ) : null;
            })
          )}
        </Section>
      </main>
      <footer className="stock-screen__footer">
        <span
          className="stock-screen__count"
          aria-live="polite"
          aria-busy={count.isFetching || settled !== request}
        >
          符合条件 <strong data-testid="screen-count">{countText}</strong> 只
          {count.data ? <small>（共 {count.data.universe} 只A股）</small> : null}
        </span>
        {strategyId !== null ? (
          <SaveConditions
            id={strategyId}
            kind="stock"
            request={request}
            resultHref={() => href('chooseSuper', { id: String(strategyId) })}
          />
        ) : null}
        <button
          type="button"
          className="button button--primary"
          onClick={() => void navigate(href(resultRoute, { q: encodeRequest(request) }))}
        >
          查看结果
        </button>
      </footer>
    </>
  );
}
