import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { maxCompared, minCompared } from './compare-codes.ts';

/**
 * A comparison opened with fewer than two codes: says so and opens 对比搜索 to pick them. `text`
 * replaces the sentence where the compared are not the picked (managers come from compared funds).
 */
export function NeedCodes({
  type,
  codes,
  text,
}: {
  type: 'stock' | 'fund';
  codes: readonly string[];
  text?: string;
}) {
  const noun = type === 'stock' ? '股票' : '基金';
  return (
    <div className="compare-need">
      <p>{text ?? `请选择 ${minCompared}–${maxCompared} 只${noun}进行对比`}</p>
      <Link
        className="button compare-need__button"
        to={href('compare-search', { type, codes: codes.join(',') || null })}
      >
        添加对比{noun}
      </Link>
    </div>
  );
}
