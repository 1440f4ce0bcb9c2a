import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { getRuntimeConfig } from '../../../platform/runtime-config.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { pdfSource } from '../report-rules.ts';
import '../components/pdf-viewer.css';

// react-pdf and pdf.js load only once a permitted file is to be shown.
const PdfDocument = lazy(() => import('../components/pdf-document.tsx'));

/** Zoom steps of the viewer (1 fits the column width). */
export const zoomSteps = [0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3] as const;

/** /pdf?file=…: an in-browser PDF viewer for our own files (issue 5 item 10). */
export default function PdfViewerPage() {
  const [params] = useSearchParams();
  const source = pdfSource(
    params.get('file'),
    window.location.origin,
    getRuntimeConfig().pdfAllowedOrigins ?? [],
  );
  const [zoomIndex, setZoomIndex] = useState(zoomSteps.indexOf(1));
  const [pageCount, setPageCount] = useState<number | null>(null);
  const zoom = zoomSteps[zoomIndex] ?? 1;

  return (
    <>
      <PageHeader title="文档预览" />
      <main className="pdf-viewer">
        {source.ok ? (
          <>
            <div className="pdf-viewer__toolbar">
              <span className="pdf-viewer__count" aria-live="polite">
                {pageCount === null ? '页数统计中' : `共 ${pageCount} 页`}
              </span>
              <div className="pdf-viewer__zoom">
                <button
                  type="button"
                  aria-label="缩小"
                  disabled={zoomIndex === 0}
                  onClick={() => setZoomIndex((index) => Math.max(0, index - 1))}
                >
                  －
                </button>
                <span className="pdf-viewer__zoom-value" data-testid="pdf-zoom">
                  {Math.round(zoom * 100)}%
                </span>
                <button
                  type="button"
                  aria-label="放大"
                  disabled={zoomIndex === zoomSteps.length - 1}
                  onClick={() => setZoomIndex((index) => Math.min(zoomSteps.length - 1, index + 1))}
                >
                  ＋
                </button>
              </div>
            </div>
            <Suspense
              fallback={
                <div className="pdf-viewer__state" role="status">
                  <progress className="pdf-viewer__progress" max={100} />
                  <span>正在加载文档…</span>
                </div>
              }
            >
              <PdfDocument url={source.url} zoom={zoom} onPageCount={setPageCount} />
            </Suspense>
          </>
        ) : (
          <p className="pdf-viewer__state pdf-viewer__state--error" role="alert">
            {source.message}
          </p>
        )}
      </main>
    </>
  );
}
