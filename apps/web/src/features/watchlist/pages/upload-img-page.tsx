import { useMutation } from '@tanstack/react-query';
import { href, type ImportResult } from '@zhicai/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { Segmented } from '../../../ui/segmented/index.ts';
import { readPastedText, readScreenshot } from '../api/image-import.ts';
import { reportFailure } from '../watchlist-errors.ts';
import './watchlist-pages.css';

type Candidate = ImportResult['candidates'][number];
type Source = 'image' | 'text';

/** The code each candidate line stands for: the match, or the user's pick among several. */
function initialChoices(candidates: readonly Candidate[]): Map<number, string | null> {
  return new Map(
    candidates.map((candidate, index) => [
      index,
      candidate.status === 'matched' && !candidate.followed ? (candidate.matches[0]?.code ?? null) : null,
    ]),
  );
}

/**
 * /uploadImg — import a watchlist from a screenshot of another app, or from pasted codes and names;
 * the lines read are shown as candidates for the user to confirm, then 添加自选 chooses the groups.
 */
export default function UploadImgPage() {
  const navigate = useNavigate();
  const [source, setSource] = useState<Source>('image');
  const [text, setText] = useState('');
  const [result, setResult] = useState<ImportResult | null>(null);
  const [choices, setChoices] = useState<Map<number, string | null>>(new Map());
  const read = useMutation({
    mutationFn: (input: { file: File } | { text: string }) =>
      'file' in input ? readScreenshot(input.file) : readPastedText(input.text),
    onSuccess: (answer) => {
      setResult(answer);
      setChoices(initialChoices(answer.candidates));
    },
    onError: (error) => reportFailure(error, '识别失败，请换一张图片或改用粘贴'),
  });
  const picked = [...new Set([...choices.values()].filter((code): code is string => code !== null))];

  return (
    <>
      <PageHeader title="图片导入自选" />
      <main className="watchlist-page">
        <div className="watchlist-form">
          <Segmented
            label="导入方式"
            value={source}
            onChange={setSource}
            options={[
              { value: 'image', label: '截图导入' },
              { value: 'text', label: '粘贴导入' },
            ]}
          />
          {source === 'image' ? (
            <label>
              选择其他App的自选股截图（PNG/JPEG）
              <input
                type="file"
                accept="image/png,image/jpeg"
                disabled={read.isPending}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) read.mutate({ file });
                  event.target.value = '';
                }}
              />
            </label>
          ) : (
            <form
              className="watchlist-form"
              onSubmit={(event) => {
                event.preventDefault();
                read.mutate({ text });
              }}
            >
              <label>
                每行一个代码、名称或拼音
                <textarea
                  rows={6}
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  placeholder={'600519\n腾讯控股\nzgpa'}
                />
              </label>
              <button
                type="submit"
                className="button button--primary"
                disabled={text.trim() === '' || read.isPending}
              >
                识别
              </button>
            </form>
          )}
          {read.isPending ? <p role="status">正在识别…</p> : null}
        </div>
        {result ? (
          <section className="watchlist-card" aria-label="识别结果">
            {result.reader === 'ocr-digits' ? (
              <p className="watchlist-note">当前只能识别截图中的代码；按名称导入请使用粘贴导入。</p>
            ) : null}
            {result.candidates.length === 0 ? (
              <p className="watchlist-note">没有识别到证券</p>
            ) : (
              <ul className="watchlist-list">
                {result.candidates.map((candidate, index) => (
                  <CandidateRow
                    // biome-ignore lint/suspicious/noArrayIndexKey: one answer's lines, never reordered; two lines may read alike.
                    key={`${index}-${candidate.text}`}
                    candidate={candidate}
                    choice={choices.get(index) ?? null}
                    onChoose={(code) => setChoices((current) => new Map(current).set(index, code))}
                  />
                ))}
              </ul>
            )}
            <div className="watchlist-actions">
              <button
                type="button"
                className="button button--primary"
                disabled={picked.length === 0}
                onClick={() => void navigate(href('selectAdd', { codes: picked.join(',') }))}
              >
                下一步：添加 {picked.length} 只
              </button>
            </div>
          </section>
        ) : null}
      </main>
    </>
  );
}

function CandidateRow({
  candidate,
  choice,
  onChoose,
}: {
  candidate: Candidate;
  choice: string | null;
  onChoose: (code: string | null) => void;
}) {
  const first = candidate.matches[0];
  if (candidate.status === 'unmatched' || !first) {
    return (
      <li className="watchlist-list__item">
        <span className="watchlist-list__main">
          <span>{candidate.text}</span>
          <span className="watchlist-list__sub">未识别</span>
        </span>
      </li>
    );
  }
  if (candidate.followed) {
    return (
      <li className="watchlist-list__item">
        <label className="watchlist-column">
          <input type="checkbox" checked disabled />
          <span className="watchlist-list__main">
            <span>{first.name}</span>
            <span className="watchlist-list__sub">{first.code} · 已自选</span>
          </span>
        </label>
      </li>
    );
  }
  if (candidate.status === 'ambiguous') {
    return (
      <li className="watchlist-list__item">
        <label className="watchlist-list__main">
          <span>“{candidate.text}”可能是：</span>
          <select
            aria-label={`${candidate.text} 的匹配`}
            value={choice ?? ''}
            onChange={(event) => onChoose(event.target.value || null)}
          >
            <option value="">不添加</option>
            {candidate.matches.map((match) => (
              <option key={match.code} value={match.code}>
                {match.name} {match.code}
              </option>
            ))}
          </select>
        </label>
      </li>
    );
  }
  return (
    <li className="watchlist-list__item">
      <label className="watchlist-column">
        <input
          type="checkbox"
          checked={choice !== null}
          onChange={() => onChoose(choice === null ? first.code : null)}
        />
        <span className="watchlist-list__main">
          <span>{first.name}</span>
          <span className="watchlist-list__sub">
            {first.code}
            {candidate.text !== first.name && candidate.text !== first.code
              ? ` · 识别为“${candidate.text}”`
              : ''}
          </span>
        </span>
      </label>
    </li>
  );
}
