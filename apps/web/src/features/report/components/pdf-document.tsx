import { useEffect, useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';

// The worker travels as its own file, resolved by Vite at build time (react-pdf 10 with
// pdfjs-dist 5.4.296, the exact version react-pdf was built against).
pdfjs.GlobalWorkerOptions.workerSrc = new URL(
  'pdfjs-dist/build/pdf.worker.min.mjs',
  import.meta.url,
).toString();

const pageNumbers = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

export interface PdfDocumentProps {
  url: string;
  /** 1 fits the page to the column width. */
  zoom: number;
  onPageCount: (count: number) => void;
}

/**
 * The PDF itself (issue 5 item 10): loaded only on /pdf, with a progress indicator while the file
 * arrives and one canvas per page at the column width times the zoom. Our server's PDFs embed
 * their fonts, so no CMap or standard-font files are needed for them.
 */
export default function PdfDocument({ url, zoom, onPageCount }: PdfDocumentProps) {
  const [pageCount, setPageCount] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [width, setWidth] = useState(() => Math.min(window.innerWidth, 540) - 24);
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const loading = (
    <div className="pdf-viewer__state" role="status" aria-live="polite">
      <progress className="pdf-viewer__progress" max={100} value={progress ?? undefined} />
      <span>{progress === null ? '正在加载文档…' : `正在加载文档 ${progress}%`}</span>
    </div>
  );

  return (
    <div ref={boxRef} className="pdf-viewer__document">
      <Document
        file={url}
        loading={loading}
        error={
          <p className="pdf-viewer__state" role="alert">
            文档加载失败，请稍后重试
          </p>
        }
        onLoadProgress={({ loaded, total }) => {
          if (total > 0) setProgress(Math.min(100, Math.round((loaded / total) * 100)));
        }}
        onLoadSuccess={({ numPages }) => {
          setPageCount(numPages);
          onPageCount(numPages);
        }}
        onLoadError={(error) => console.warn('PDF 加载失败', error)}
      >
        {pageNumbers(pageCount).map((pageNumber) => (
          <Page
            key={pageNumber}
            className="pdf-viewer__page"
            pageNumber={pageNumber}
            width={Math.max(100, width * zoom)}
            renderAnnotationLayer={false}
            loading={<div className="pdf-viewer__page-placeholder" />}
          />
        ))}
      </Document>
    </div>
  );
}
