import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OptionalBoundary } from './optional-boundary.tsx';

describe('OptionalBoundary', () => {
  it('renders nothing in place of a part that fails, and leaves the rest of the page alone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <main>
        <p>页面内容</p>
        <OptionalBoundary>
          <Suspense fallback={null}>
            <Broken />
          </Suspense>
        </OptionalBoundary>
      </main>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('页面内容')).toBeTruthy();
    expect(screen.getByRole('main').children).toHaveLength(1);
  });

  it('renders its children when they work', () => {
    render(
      <OptionalBoundary>
        <p>弹窗</p>
      </OptionalBoundary>,
    );
    expect(screen.getByText('弹窗')).toBeTruthy();
  });
});
