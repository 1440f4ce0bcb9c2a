import { href } from '@zhicai/contract';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { maxCompared, minCompared, parseCodes } from '../../../../ui/compare-table/index.ts';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { QueryStates, Section } from '../../../../ui/section/index.ts';
import { Segmented } from '../../../../ui/segmented/index.ts';
import { type CompareHit, useCompareSearch } from '../api/compare-search.ts';
import { useQueryName } from '../api/query-name.ts';
import '../components/compare.css';

type Kind = 'stock' | 'fund';

const kinds: readonly { value: Kind; label: string }[] = [
  { value: 'stock', label: '股票' },
  { value: 'fund', label: '基金' },
];

/**
 * /compare-search?type=stock&codes=600519.SH: pick 2–5 stocks or funds with the app's search; the
 * chosen show as chips, 开始对比 opens /compare-result with them. A link's codes start chosen.
 */
export default function CompareSearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [kind, setKind] = useState<Kind>(params.get('type') === 'fund' ? 'fund' : 'stock');
  const [chosen, setChosen] = useState<string[]>(() => parseCodes(params.get('codes')));
  const [keyword, setKeyword] = useState('');
  const preselected = useMemo(() => parseCodes(params.get('codes')), [params]);
  const names = useQueryName(preselected);
  const [picked, setPicked] = useState<Map<string, string>>(new Map());
  const search = useCompareSearch(keyword);

  const nameOf = (code: string) =>
    picked.get(code) ?? names.data?.find((entry) => entry.code === code)?.name ?? code;
  const full = chosen.length >= maxCompared;

  const add = (hit: CompareHit) => {
    if (chosen.includes(hit.code) || full) return;
    setPicked((map) => new Map(map).set(hit.code, hit.name));
    setChosen((codes) => [...codes, hit.code]);
  };
  const remove = (code: string) => setChosen((codes) => codes.filter((item) => item !== code));
  const switchKind = (next: Kind) => {
    if (next === kind) return;
    // Stocks and funds do not compare with each other: a new kind starts a new choice.
    setKind(next);
    setChosen([]);
  };

  const hitsOf = (data: NonNullable<typeof search.data>) =>
    kind === 'stock' ? data.stocks.filter((hit) => hit.type === 'capital' && !hit.delisted) : data.funds;

  return (
    <>
      <PageHeader title="对比搜索" />
      <main className="compare-page">
        <Section
          title="对比品种"
          controls={<Segmented label="品种" options={kinds} value={kind} onChange={switchKind} />}
        >
          {chosen.length === 0 ? (
            <p className="compare-note">尚未选择，请在下方搜索添加</p>
          ) : (
            <ul className="compare-chips" aria-label="已选品种">
              {chosen.map((code) => (
                <li key={code} className="compare-chip">
                  {nameOf(code)}
                  <button type="button" aria-label={`移除${nameOf(code)}`} onClick={() => remove(code)}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p className="compare-note">
            已选 {chosen.length}/{maxCompared}，至少 {minCompared} 只
          </p>
        </Section>
        <Section title="搜索">
          <input
            className="compare-search__input"
            type="search"
            aria-label={kind === 'stock' ? '搜索股票' : '搜索基金'}
            placeholder={kind === 'stock' ? '代码、名称或拼音首字母' : '基金代码或名称'}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
          />
          {keyword.trim() === '' ? null : (
            <QueryStates
              query={search}
              isEmpty={(data) => hitsOf(data).length === 0}
              emptyText={`没有找到相关${kind === 'stock' ? '股票' : '基金'}`}
            >
              {(data) => (
                <ul className="compare-hits" aria-label="搜索结果">
                  {hitsOf(data).map((hit) => {
                    const added = chosen.includes(hit.code);
                    return (
                      <li key={hit.code}>
                        <span>
                          {hit.name}
                          <span className="compare-hits__code">{hit.code}</span>
                        </span>
                        <button
                          type="button"
                          aria-label={added ? `${hit.name}已添加` : `添加${hit.name}`}
                          disabled={added || full}
                          onClick={() => add(hit)}
                        >
                          {added ? '已添加' : '添加'}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </QueryStates>
          )}
        </Section>
        <div className="compare-footer">
          <span className="compare-note">{full ? `最多对比 ${maxCompared} 只` : ''}</span>
          <button
            type="button"
            className="compare-start"
            disabled={chosen.length < minCompared}
            onClick={() => navigate(href('compare-result', { type: kind, codes: chosen.join(',') }))}
          >
            开始对比
          </button>
        </div>
      </main>
    </>
  );
}
