import { QuerySection } from '../../../ui/section/index.ts';
import { useSwMap } from '../api/sw-map.ts';
import { industryBars } from '../index-rules.ts';

/** 行业分布: the SW level-1 industries of the constituents as horizontal bars of their weight. */
export function IndustrySection({ code }: { code: string }) {
  const query = useSwMap(code);
  return (
    <QuerySection
      variant="band"
      title="行业分布"
      query={query}
      isEmpty={(data) => data.sw1.length === 0}
      emptyText="暂无行业分布数据"
    >
      {(data) => (
        <ul className="industry-bars" aria-label="申万一级行业权重">
          {industryBars(data.sw1).map((bar) => (
            <li key={bar.code} className="industry-bars__item">
              <span className="industry-bars__name">{bar.name}</span>
              <span className="industry-bars__track" aria-hidden="true">
                <span className="industry-bars__fill" style={{ width: `${(bar.share * 100).toFixed(1)}%` }} />
              </span>
              <span className="industry-bars__value">{bar.text}</span>
            </li>
          ))}
        </ul>
      )}
    </QuerySection>
  );
}
