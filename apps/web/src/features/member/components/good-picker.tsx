import type { MemberGood } from '@zhicai/contract';
import { yuan } from '../member-rules.ts';

/** The goods side by side; the chosen one is pressed. */
export function GoodPicker({
  goods,
  chosenId,
  onChoose,
}: {
  goods: readonly MemberGood[];
  chosenId: number | null;
  onChoose: (good: MemberGood) => void;
}) {
  return (
    <ul className="member-goods" aria-label="会员套餐">
      {goods.map((good) => (
        <li key={good.id}>
          <button
            type="button"
            className="member-good"
            aria-pressed={good.id === chosenId}
            aria-label={`${good.name} ${yuan(good.price)}`}
            onClick={() => onChoose(good)}
          >
            {good.tag ? <span className="member-good__tag">{good.tag}</span> : null}
            <span className="member-good__name">{good.name}</span>
            <span className="member-good__price">{yuan(good.price)}</span>
            {good.originalPrice > good.price ? (
              <span className="member-good__original">{yuan(good.originalPrice)}</span>
            ) : null}
            <span className="member-good__daily">{yuan(good.dailyPrice)}/天</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
