import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ValuationChart } from './valuation-chart.tsx';

describe('ValuationChart', () => {
  it('renders its text alternative and survives a browser without a 2D context', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    render(
      <ValuationChart
        label="市盈率"
        points={[
          { x: '20240101', y: 20 },
          { x: '20240102', y: 30 },
        ]}
      />,
    );
    expect(getContext).toHaveBeenCalled();
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      '市盈率走势，最新 30.00，最低 20.00，中位 25.00，最高 30.00',
    );
  });
});
