import { formatReportDate, indexType } from '@zhicai/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { detailHref } from '../../../platform/links.ts';
import { QuerySection } from '../../../ui/section/index.ts';
import { type StockIntro, useStockIntro } from '../api/stock-intro.ts';
import './sections.css';

/** 公司简介: profile facts, the briefing folded to three lines, and (A-shares) industry and concept chips. */
export function CompanyIntroSection({ code, showPlates }: { code: string; showPlates: boolean }) {
  const query = useStockIntro(code);
  return (
    <QuerySection variant="band" title="公司简介" query={query} skeletonLines={4}>
      {(intro) => <IntroBody intro={intro} showPlates={showPlates} />}
    </QuerySection>
  );
}

function IntroBody({ intro, showPlates }: { intro: StockIntro; showPlates: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const { basic } = intro;
  const facts: [string, string][] = [
    ['公司名称', basic.fullName || '--'],
    ['所属地区', basic.area || '--'],
    ['董事长', basic.chairman || '--'],
    ['上市日期', formatReportDate(basic.listingDate)],
    ['主营业务', basic.mainBusiness || '--'],
  ];
  const plates = showPlates
    ? [
        // SW levels 2 and 3 are classifications without an index page of their own: no link.
        ...intro.industry.industrys.map((item) => ({ ...item, kind: '行业', linked: item.level === 1 })),
        ...intro.concept.concepts.map((item) => ({ ...item, kind: '概念', linked: true })),
      ]
    : [];
  return (
    <>
      <dl className="intro-facts">
        {facts.map(([label, value]) => (
          <div key={label} className="intro-facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {basic.briefing ? (
        <div className="intro-briefing">
          <p
            className={
              expanded ? 'intro-briefing__text' : 'intro-briefing__text intro-briefing__text--folded'
            }
          >
            {basic.briefing}
          </p>
          <button
            type="button"
            className="intro-briefing__toggle"
            aria-expanded={expanded}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? '收起' : '展开'}
          </button>
        </div>
      ) : null}
      {plates.length > 0 ? (
        <ul className="chips" aria-label="所属行业与概念">
          {plates.map((plate) => (
            <li key={`${plate.kind}-${plate.code}`}>
              {plate.linked ? (
                <Link className="chip" to={detailHref(plate.code, indexType(plate.code))}>
                  {plate.name}
                </Link>
              ) : (
                <span className="chip">{plate.name}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
