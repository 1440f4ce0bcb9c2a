import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { maxCompared, minCompared } from './compare-codes.ts';

/** A comparison opened with fewer than two codes: says so and opens 对比搜索 to pick them. */
export function NeedCodes({ type, codes }: { type: 'stock' | 'fund'; codes: readonly string[] }) {
  const noun = type === 'stock' ? '股票' : '基金';
  return (
    <div className="compare-need">
      <p>
        请选择 {minCompared}–{maxCompared} 只{noun}进行对比
      </p>
      <Link
        className="button compare-need__button"
        to={href('compare-search', { type, codes: codes.join(',') || null })}
      >
        添加对比{noun}
      </Link>
    </div>
  );
}
