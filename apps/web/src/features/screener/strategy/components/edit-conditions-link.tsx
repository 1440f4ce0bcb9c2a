import type { StrategyConditions } from '@zhicai/contract';
import { Link } from 'react-router';
import { editConditionsHref } from '../strategy-rules.ts';

/** 修改条件 of one of the user's strategies: the condition editor, filled with its conditions. */
export function EditConditionsLink({ id, conditions }: { id: number; conditions: StrategyConditions }) {
  return (
    <Link className="strategy-edit-link" to={editConditionsHref(id, conditions)}>
      修改条件
    </Link>
  );
}
