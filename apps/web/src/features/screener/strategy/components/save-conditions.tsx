import type { StrategyConditions, StrategyKind } from '@zhicai/contract';
import { useNavigate } from 'react-router';
import { toast } from '../../../../ui/toast/toast.ts';
import { useStrategyUpdateCondition } from '../api/strategy-update-condition.ts';
import { conditionsOfScreen } from '../strategy-rules.ts';

/**
 * 保存条件 of the condition editor opened by 修改条件: the editor's conditions become the strategy's
 * (updateCondition of its kind), then `resultHref` of the saved conditions opens its results.
 */
export function SaveConditions({
  id,
  kind,
  request,
  resultHref,
}: {
  id: number;
  kind: StrategyKind;
  request: Readonly<Record<string, unknown>>;
  resultHref: (conditions: StrategyConditions) => string;
}) {
  const navigate = useNavigate();
  const update = useStrategyUpdateCondition(kind, {
    onError: (error) => toast.error(error.message || '保存失败，请稍后再试'),
  });
  return (
    <button
      type="button"
      className="button"
      disabled={update.isPending}
      onClick={() => {
        const converted = conditionsOfScreen(kind, request);
        if (!converted.ok) {
          toast.error(converted.reason);
          return;
        }
        update.mutate(
          { id: String(id), conditions: converted.conditions },
          {
            onSuccess: () => {
              toast.success('策略条件已保存');
              void navigate(resultHref(converted.conditions), { replace: true });
            },
          },
        );
      }}
    >
      保存条件
    </button>
  );
}
