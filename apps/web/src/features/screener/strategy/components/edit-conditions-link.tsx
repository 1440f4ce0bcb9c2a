import type { StrategyConditions, StrategyKind } from '@zhicai/contract';
import { Link } from 'react-router';
import { editConditionsHref } from '../strategy-rules.ts';

/** 修改条件 of one of the user's strategies: its kind's condition editor, filled with its conditions. */
export function EditConditionsLink({
  id,
  conditions,
  kind = 'stock',
}: {
  id: number;
  conditions: StrategyConditions;
  kind?: StrategyKind;
}) {
  return (
    <Link className="strategy-edit-link" to={editConditionsHref(id, conditions, kind)}>
      修改条件
    </Link>
  );
}
