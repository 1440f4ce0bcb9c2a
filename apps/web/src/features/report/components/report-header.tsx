import { useState } from 'react';
import { isInNativeApp } from '../../../platform/environment.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { useScrolledPast } from '../hooks/use-scrolled-past.ts';

/** spec 2 §2.1 / §9: the header turns semi-transparent and blurred from a scroll of 50. */
export const headerBlurScroll = 50;

/**
 * The report's header (spec 2 §2.1): back, 财报预览 and share; hidden inside the native app, which
 * draws its own; transparent at the top of the page, blurred once scrolled 50 or more.
 */
export function ReportHeader({ onShare }: { onShare: () => void }) {
  const [inNativeApp] = useState(() => isInNativeApp());
  const scrolled = useScrolledPast(headerBlurScroll);
  if (inNativeApp) return null;
  return (
    <div className="report-header" data-scrolled={scrolled} data-testid="report-header">
      <PageHeader
        title="财报预览"
        right={
          <button type="button" className="report-header__share" onClick={onShare} aria-label="分享">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path
                d="M12 3v12M7.5 7.5 12 3l4.5 4.5M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        }
      />
    </div>
  );
}
