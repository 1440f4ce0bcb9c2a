import { shareIgnoreAttribute } from '../../../ui/share/index.ts';

/** The PDF entry (spec 2 §2.1): shown only when the report carries a pdf address. */
export function PdfEntry({ onOpen }: { onOpen: () => void }) {
  return (
    <button type="button" className="report-pdf" onClick={onOpen} {...{ [shareIgnoreAttribute]: '' }}>
      <svg
        className="report-pdf__icon"
        viewBox="0 0 40 48"
        width="30"
        height="36"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M4 2h22l10 10v32a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Z"
          fill="#fdeaea"
          stroke="#e93030"
          strokeWidth="2"
        />
        <path d="M26 2v10h10" fill="none" stroke="#e93030" strokeWidth="2" />
        <text x="20" y="36" textAnchor="middle" fontSize="10" fontWeight="700" fill="#e93030">
          PDF
        </text>
      </svg>
      <span className="report-pdf__text">
        <span className="report-pdf__title">查看财报原文</span>
        <span className="report-pdf__note">PDF 文档</span>
      </span>
      <span className="report-pdf__arrow" aria-hidden="true">
        ›
      </span>
    </button>
  );
}
