import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QuerySection, Section, SectionEmpty, SectionError, SectionSkeleton } from './section.tsx';

/** A query result in one of its states, as TanStack Query reports it. */
function queryOf<T>(state: { data?: T; isPending?: boolean; isError?: boolean; isRefetching?: boolean }) {
  return {
    data: state.data,
    isPending: state.isPending ?? false,
    isError: state.isError ?? false,
    isRefetching: state.isRefetching ?? false,
    refetch: vi.fn(),
  };
}

describe('Section', () => {
  it('is a region named by its heading, with the aside beside the heading and the controls under it', () => {
    render(
      <Section title="持仓" aside="共 3 只" controls={<button type="button">展开</button>}>
        <p>内容</p>
      </Section>,
    );
    const region = screen.getByRole('region', { name: '持仓' });
    expect(within(region).getByRole('heading', { level: 2, name: '持仓' })).toBeTruthy();
    expect(region.textContent).toBe('持仓共 3 只展开内容');
    expect(region.getAttribute('aria-busy')).toBeNull();
  });

  it('takes an accessible name apart from the heading, and says when it is busy', () => {
    render(<Section title="热门ETF" label="ETF行情" busy />);
    expect(screen.getByRole('region', { name: 'ETF行情' }).getAttribute('aria-busy')).toBe('true');
  });

  it('is an inset card by default and a full-width band on detail pages', () => {
    render(
      <>
        <Section title="卡片" />
        <Section title="通栏" variant="band" />
      </>,
    );
    expect(screen.getByRole('region', { name: '卡片' }).className).toContain('section--card');
    expect(screen.getByRole('region', { name: '通栏' }).className).toContain('section--band');
  });
});

describe('the section states', () => {
  it('SectionSkeleton announces 加载中 and draws the lines asked for', () => {
    render(<SectionSkeleton lines={4} testId="rank-skeleton" />);
    const skeleton = screen.getByRole('status', { name: '加载中' });
    expect(skeleton).toBe(screen.getByTestId('rank-skeleton'));
    expect(skeleton.querySelectorAll('.section-skeleton__line')).toHaveLength(4);
  });

  it('SectionError is an alert with 重新加载, which retries', () => {
    const retry = vi.fn();
    render(<SectionError message="排行加载失败" onRetry={retry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('排行加载失败');
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('SectionError reads 正在加载… and cannot be pressed again while the retry runs', () => {
    const retry = vi.fn();
    render(<SectionError onRetry={retry} retrying />);
    const button = screen.getByRole('button', { name: '正在加载…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(retry).not.toHaveBeenCalled();
  });

  it('SectionError offers another way out before the retry, and words the retry as asked', () => {
    render(
      <SectionError
        message="生成图片失败"
        retryLabel="重新生成"
        onRetry={() => undefined}
        action={<button type="button">选择报告期</button>}
      />,
    );
    const buttons = within(screen.getByRole('alert')).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['选择报告期', '重新生成']);
  });

  it('SectionEmpty says 暂无数据 unless told otherwise', () => {
    const { rerender } = render(<SectionEmpty />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
    rerender(<SectionEmpty>暂无持仓数据</SectionEmpty>);
    expect(screen.getByText('暂无持仓数据')).toBeTruthy();
  });
});

describe('QuerySection', () => {
  const renderRows = (rows: string[]) => (
    <ul>
      {rows.map((row) => (
        <li key={row}>{row}</li>
      ))}
    </ul>
  );

  it('shows a skeleton and is busy while the first load runs', () => {
    render(
      <QuerySection title="持仓" query={queryOf<string[]>({ isPending: true })} skeletonLines={6}>
        {renderRows}
      </QuerySection>,
    );
    const region = screen.getByRole('region', { name: '持仓' });
    expect(region.getAttribute('aria-busy')).toBe('true');
    expect(within(region).getByRole('status', { name: '加载中' }).children).toHaveLength(6);
  });

  it('shows the content once loaded', () => {
    render(
      <QuerySection title="持仓" query={queryOf({ data: ['贵州茅台', '五粮液'] })}>
        {renderRows}
      </QuerySection>,
    );
    const region = screen.getByRole('region', { name: '持仓' });
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['贵州茅台', '五粮液']);
    expect(region.getAttribute('aria-busy')).toBeNull();
  });

  it('names what failed after the title and retries only its own query', () => {
    const query = queryOf<string[]>({ isError: true });
    render(
      <QuerySection title="大事提醒" query={query}>
        {renderRows}
      </QuerySection>,
    );
    const alert = within(screen.getByRole('region', { name: '大事提醒' })).getByRole('alert');
    expect(alert.textContent).toContain('大事提醒加载失败');
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps showing loaded content when a later refetch fails', () => {
    render(
      <QuerySection title="持仓" query={queryOf({ data: ['贵州茅台'], isError: true })}>
        {renderRows}
      </QuerySection>,
    );
    expect(screen.getByText('贵州茅台')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty note when the loaded data has nothing to show', () => {
    render(
      <QuerySection
        title="股东户数"
        query={queryOf<string[]>({ data: [] })}
        isEmpty={(rows) => rows.length === 0}
        emptyText="暂无股东户数数据"
      >
        {renderRows}
      </QuerySection>,
    );
    expect(
      within(screen.getByRole('region', { name: '股东户数' })).getByText('暂无股东户数数据'),
    ).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
