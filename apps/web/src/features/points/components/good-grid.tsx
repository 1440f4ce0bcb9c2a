import type { PointGood } from '@zhicai/contract';
import { type GoodState, goodState } from '../points-rules.ts';

/** The goods as a two-column grid; each card's button exchanges, asks to sign in, or says why not. */
export function GoodGrid({
  goods,
  balance,
  signedIn,
  onChoose,
}: {
  goods: readonly PointGood[];
  balance: number | undefined;
  signedIn: boolean;
  onChoose: (good: PointGood, state: GoodState) => void;
}) {
  return (
    <ul className="good-grid">
      {goods.map((good) => {
        const state = goodState(good, balance, signedIn);
        return (
          <li key={good.id} className="good-grid__item">
            <img className="good-grid__image" src={good.image} alt={good.name} width={120} height={120} />
            <p className="good-grid__name">{good.name}</p>
            <p className="good-grid__price">
              <strong>{good.price}</strong> 积分
            </p>
            <p className="good-grid__meta">
              剩余 {good.stock} · 每人限兑 {good.perUserLimit}
              {good.demo ? ' · 演示商品' : ''}
            </p>
            <button
              type="button"
              className="good-grid__button"
              disabled={state.kind === 'blocked'}
              onClick={() => onChoose(good, state)}
              aria-label={`${good.name}：${state.label}`}
            >
              {state.label}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
