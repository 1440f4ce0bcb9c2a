import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { DemoDataBadge, toneClassName } from '../../../../ui/quote/index.ts';
import { QuerySection } from '../../../../ui/section/index.ts';
import { useStockStrategies } from '../api/stock-strategies.ts';
import { useDiagnosis } from '../api/vip-data.ts';
import { scoreText, shortDay } from '../strategy-rules.ts';
import '../strategy.css';

/** Highlights (red) or risks (green), each tag with the figure behind it. */
function CommentList({
  label,
  tone,
  comments,
}: {
  label: string;
  tone: 'up' | 'down';
  comments: readonly { tag: string; value: string }[];
}) {
  return (
    <ul className="diagnosis-comments" aria-label={label}>
      {comments.map((comment) => (
        <li key={comment.tag}>
          <span className={`diagnosis-comments__tag ${toneClassName(tone)}`}>
            {label}·{comment.tag}
          </span>
          {comment.value}
        </li>
      ))}
    </ul>
  );
}

/**
 * 个股诊断 on /stock: the company, trend and value scores (0–10), the highlights and risks with
 * the figures behind them, and 所属策略 — the strategies holding the stock, since when.
 */
export function DiagnosisCard({ code }: { code: string }) {
  const diagnosis = useDiagnosis(code);
  const strategies = useStockStrategies(code);
  return (
    <>
      <QuerySection
        variant="band"
        title="个股诊断"
        aside={<DemoDataBadge />}
        query={diagnosis}
        skeletonLines={4}
      >
        {(data) => (
          <>
            <dl className="diagnosis-scores">
              <div>
                <dt>公司质地</dt>
                <dd>{scoreText(data.score1.scoreCompany)}</dd>
              </div>
              <div>
                <dt>趋势</dt>
                <dd>{scoreText(data.score1.scoreTrend)}</dd>
              </div>
              <div>
                <dt>估值</dt>
                <dd>{scoreText(data.score1.scoreValue)}</dd>
              </div>
            </dl>
            <CommentList label="亮点" tone="up" comments={data.comment_new.positive_new} />
            <CommentList label="风险" tone="down" comments={data.comment_new.unpositive_new} />
          </>
        )}
      </QuerySection>
      <QuerySection
        variant="band"
        title="所属策略"
        query={strategies}
        skeletonLines={2}
        isEmpty={(data) => data.length === 0}
        emptyText="暂未入选任何策略"
      >
        {(data) => (
          <ul className="diagnosis-comments" aria-label="所属策略">
            {data.map((strategy) => (
              <li key={strategy.id}>
                <Link to={href('chooseSuper', { id: String(strategy.id) })}>{strategy.name}</Link>
                {strategy.house ? '（官方）' : ''} · {shortDay(strategy.since)} 起入选
              </li>
            ))}
          </ul>
        )}
      </QuerySection>
    </>
  );
}
