import { getRuntimeConfig } from '../../platform/runtime-config.ts';
import './quote.css';

/**
 * A small 演示数据 pill next to quotes while the server runs the generated demo market
 * (runtimeConfig.marketDataSource 'demo'), so nobody takes a generated price for a real one.
 * Renders nothing for imported data or when the server does not say.
 */
export function DemoDataBadge({ className }: { className?: string }) {
  if (getRuntimeConfig().marketDataSource !== 'demo') return null;
  return (
    <span
      className={['demo-data-badge', className].filter(Boolean).join(' ')}
      title="行情为系统生成的演示数据，并非真实行情"
    >
      演示数据
    </span>
  );
}
