import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import PdfViewerPage from './pdf-viewer-page.tsx';

const loaded = vi.hoisted(() => ({ urls: [] as string[], zooms: [] as number[] }));

// pdf.js does not run in jsdom; the document component is replaced by one that reports 3 pages.
vi.mock('../components/pdf-document.tsx', async () => {
  const { useEffect } = await import('react');
  return {
    default: ({
      url,
      zoom,
      onPageCount,
    }: {
      url: string;
      zoom: number;
      onPageCount: (count: number) => void;
    }) => {
      loaded.urls.push(url);
      loaded.zooms.push(zoom);
      useEffect(() => onPageCount(3), [onPageCount]);
      return <div data-testid="pdf-document">{url}</div>;
    },
  };
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/pdf', element: <PdfViewerPage /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
}

// The page loads with the first test; allow for a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('/pdf viewer (issue 5 item 10)', () => {
  it('opens a file of our own origin with its page count and zoom', async () => {
    renderAt(`/pdf?file=${encodeURIComponent('/api/v3/details/finreportPdf?code=600519.SH')}`);
    expect(screen.getByRole('heading', { level: 1, name: '文档预览' })).toBeTruthy();
    expect((await screen.findByTestId('pdf-document')).textContent).toBe(
      `${window.location.origin}/api/v3/details/finreportPdf?code=600519.SH`,
    );
    expect(await screen.findByText('共 3 页')).toBeTruthy();
    const zoom = screen.getByTestId('pdf-zoom');
    expect(zoom.textContent).toBe('100%');
    fireEvent.click(screen.getByRole('button', { name: '放大' }));
    expect(zoom.textContent).toBe('125%');
    fireEvent.click(screen.getByRole('button', { name: '缩小' }));
    fireEvent.click(screen.getByRole('button', { name: '缩小' }));
    expect(zoom.textContent).toBe('75%');
    expect(loaded.zooms.at(-1)).toBe(0.75);
  });

  it('stops zooming at 50% and 300%', () => {
    renderAt('/pdf?file=%2Fa.pdf');
    const zoomOut = screen.getByRole('button', { name: '缩小' }) as HTMLButtonElement;
    for (let i = 0; i < 10; i += 1) fireEvent.click(zoomOut);
    expect(screen.getByTestId('pdf-zoom').textContent).toBe('50%');
    expect(zoomOut.disabled).toBe(true);
    const zoomIn = screen.getByRole('button', { name: '放大' }) as HTMLButtonElement;
    for (let i = 0; i < 20; i += 1) fireEvent.click(zoomIn);
    expect(screen.getByTestId('pdf-zoom').textContent).toBe('300%');
    expect(zoomIn.disabled).toBe(true);
  });

  it('refuses a file of another origin with a clear message, without loading the viewer', () => {
    loaded.urls = [];
    renderAt(`/pdf?file=${encodeURIComponent('https://evil.example.net/report.pdf')}`);
    expect(screen.getByRole('alert').textContent).toBe('出于安全考虑，仅能打开本站提供的文件');
    expect(screen.queryByTestId('pdf-document')).toBeNull();
    expect(loaded.urls).toEqual([]);
  });

  it('says so when no file is given', () => {
    renderAt('/pdf');
    expect(screen.getByRole('alert').textContent).toBe('缺少文件地址');
  });
});
