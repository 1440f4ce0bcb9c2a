import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import type { ScreenPresetItem } from '../api/stock-screen.ts';
import { encodeRequest } from '../screen-draft.ts';

/** Named screens with today's count; a tap opens their results, 编辑 opens them in the editor. */
export function PresetList({ presets }: { presets: readonly ScreenPresetItem[] }) {
  return (
    <ul className="preset-list">
      {presets.map((preset) => {
        const q = encodeRequest(preset.request as never);
        return (
          <li key={preset.id} className="preset-list__item">
            <Link to={href('result-stock-picker', { q })} className="preset-list__main">
              <span className="preset-list__tag">{preset.tag}</span>
              <span className="preset-list__description">{preset.description}</span>
            </Link>
            <span className="preset-list__count">{preset.count} 只</span>
            <Link
              to={href('choose-stock-picker', { q })}
              className="preset-list__edit"
              aria-label={`编辑${preset.tag}`}
            >
              编辑
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
