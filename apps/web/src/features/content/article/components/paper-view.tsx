import { formatAmount, formatQuotePrice } from '@zhicai/domain';
import { ChangeText, DemoDataBadge, toneClassName } from '../../../../ui/quote/index.ts';
import { Section } from '../../../../ui/section/index.ts';
import type { Paper } from '../api/daily-paper.ts';
import { InstrumentChips } from './instrument-chips.tsx';
import { publishedText } from './published-time.ts';

/** A 晨报, 晚报 or 周报: the key figures of the session (or week), then its sections. */
export function PaperView({ paper }: { paper: Paper }) {
  const { figures } = paper;
  return (
    <article className="paper" aria-label={paper.title}>
      <header className="paper__header">
        <h2 className="paper__title">{paper.title}</h2>
        <p className="paper__meta">
          <span>{publishedText(paper.publishedAt)}</span>
          {paper.demo ? <DemoDataBadge /> : null}
        </p>
      </header>
      <dl className="paper-figures" aria-label="市场数据">
        <div>
          <dt>{figures.index.name}</dt>
          <dd>
            {formatQuotePrice(figures.index.close, 'index_hs')}{' '}
            <ChangeText value={figures.index.chgPct} kind="percent" />
          </dd>
        </div>
        <div>
          <dt>涨 / 跌 / 平</dt>
          <dd>
            <span className={toneClassName('up')}>{figures.rise}</span> /{' '}
            <span className={toneClassName('down')}>{figures.fall}</span> / {figures.flat}
          </dd>
        </div>
        <div>
          <dt>涨停 / 跌停</dt>
          <dd>
            <span className={toneClassName('up')}>{figures.limitUp}</span> /{' '}
            <span className={toneClassName('down')}>{figures.limitDown}</span>
          </dd>
        </div>
        <div>
          <dt>成交额</dt>
          <dd>{formatAmount(figures.amount)}</dd>
        </div>
      </dl>
      {paper.sections.map((section) => (
        <Section key={section.heading} title={section.heading}>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="paper__paragraph">
              {paragraph}
            </p>
          ))}
          <InstrumentChips instruments={section.instruments} label={`${section.heading}相关标的`} />
        </Section>
      ))}
    </article>
  );
}
