import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IntradayChart } from './intraday-chart.tsx';

describe('IntradayChart', () => {
  it('renders its text alternative and survives a browser without a 2D context', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    render(
      <IntradayChart rows={[['20240628', 10.2, 100, 1020, 930, null]]} prevClose={10} minutes={[930, 931]} />,
    );
    expect(getContext).toHaveBeenCalled();
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      '分时图，最新价 10.2，涨跌幅 +2.00%，均价 10.2',
    );
  });
});
