import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeepAliveOutlet } from './keep-alive-outlet.tsx';
import { usePage } from './page-context.ts';

/** A page with local state, so a test can tell a kept instance from a fresh one. */
function Counter() {
  const [count, setCount] = useState(0);
  const { pathname, search } = useLocation();
  const { entry } = usePage();
  return (
    <section aria-label={`${entry?.title ?? '未知'}`}>
      <p>
        {pathname}
        {search}
      </p>
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        {`${entry?.title ?? '未知'} 点击 ${count}`}
      </button>
    </section>
  );
}

function setup(initial = '/') {
  const router = createMemoryRouter(
    [{ element: <KeepAliveOutlet />, children: [{ path: '*', element: <Counter /> }] }],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  const go = async (to: string | number) => {
    await act(async () => {
      if (typeof to === 'number') await router.navigate(to);
      else await router.navigate(to);
    });
  };
  const replace = async (to: string) => {
    await act(async () => {
      await router.navigate(to, { replace: true });
    });
  };
  return { router, go, replace };
}

const clickCounter = (title: string) =>
  fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${title} 点击`) }));
const counterText = (title: string) =>
  screen.getByRole('button', { name: new RegExp(`^${title} 点击`), hidden: true }).textContent;
const visibleCounters = () => screen.queryAllByRole('button').map((button) => button.textContent);

let scrollTo: ReturnType<typeof vi.fn>;
let scrollY = 0;

beforeEach(() => {
  scrollY = 0;
  scrollTo = vi.fn((_x: number, y: number) => {
    scrollY = y;
  });
  vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo as unknown as typeof window.scrollTo);
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
});

afterEach(() => {
  scrollY = 0;
});

/** Scrolls the document as a user would, firing the scroll event the outlet listens to. */
function userScrolls(y: number) {
  scrollY = y;
  fireEvent.scroll(window);
}

describe('KeepAliveOutlet', () => {
  it('shows only the current page', async () => {
    const { go } = setup('/');
    expect(visibleCounters()).toEqual(['股票行情 点击 0']);
    await go('/fundHome');
    expect(visibleCounters()).toEqual(['基金 点击 0']);
  });

  it('keeps a tab page state when switching tabs and coming back', async () => {
    const { go } = setup('/');
    clickCounter('股票行情');
    clickCounter('股票行情');
    await go('/fundHome');
    expect(counterText('股票行情')).toBe('股票行情 点击 2');
    await go('/');
    expect(visibleCounters()).toEqual(['股票行情 点击 2']);
  });

  it('restores the scroll position of a kept page and starts new pages at the top', async () => {
    const { go } = setup('/');
    userScrolls(640);
    await go('/fundHome');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    userScrolls(120);
    await go('/');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    await go('/fundHome');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 120);
  });

  // Regression: reading scrollY in every scroll event laid out the freshly mounted rows of a
  // windowed list inside the scrolled frame (issues 16 and 17).
  it('reads the offset once after a burst of scroll events, not in each, and still restores it', async () => {
    const { go } = setup('/');
    const reads = vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
    for (let y = 10; y <= 400; y += 10) userScrolls(y);
    expect(reads).not.toHaveBeenCalled();
    await waitFor(() => expect(reads).toHaveBeenCalledTimes(1));
    await go('/fundHome');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await go('/');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 400);
  });

  it('keeps a detail page while going deeper and drops it when going back from it', async () => {
    const { go } = setup('/');
    await go('/stock?stockCode=600519.SH');
    clickCounter('个股详情');
    await go('/stockNotice');
    expect(counterText('个股详情')).toBe('个股详情 点击 1');
    await go(-1);
    expect(visibleCounters()).toEqual(['个股详情 点击 1']);
    await go(-1);
    expect(visibleCounters()).toEqual(['股票行情 点击 0']);
    await go('/stock?stockCode=600519.SH');
    expect(visibleCounters()).toEqual(['个股详情 点击 0']);
  });

  it('keeps one instance per code', async () => {
    const { go } = setup('/stock?stockCode=600519.SH');
    clickCounter('个股详情');
    await go('/stock?stockCode=000001.SZ');
    expect(visibleCounters()).toEqual(['个股详情 点击 0']);
    await go(-1);
    expect(visibleCounters()).toEqual(['个股详情 点击 1']);
  });

  it('hidden pages keep seeing the location they were left at', async () => {
    const { go } = setup('/stock?stockCode=600519.SH');
    await go('/stock?stockCode=000001.SZ');
    expect(screen.getByText('/stock?stockCode=600519.SH')).toBeTruthy();
    expect(screen.getByText('/stock?stockCode=000001.SZ')).toBeTruthy();
  });

  it('drops a kept page when a push lands on a path of its drop list (spec 2 §2.3)', async () => {
    const { go } = setup('/');
    await go('/rankList_content?type=1');
    clickCounter('排行详情');
    await go('/stock?stockCode=600519.SH');
    expect(counterText('排行详情')).toBe('排行详情 点击 1');
    await go('/favorite');
    expect(screen.queryByRole('button', { name: /排行详情/, hidden: true })).toBeNull();
    await go('/rankList_content?type=1');
    expect(visibleCounters()).toEqual(['排行详情 点击 0']);
  });

  it('never keeps pages without a cache rule', async () => {
    const { go } = setup('/about');
    clickCounter('关于我们');
    await go('/');
    expect(screen.queryByRole('button', { name: /关于我们/, hidden: true })).toBeNull();
  });

  it('drops a forward page that is replaced', async () => {
    const { go, replace } = setup('/');
    await go('/stock?stockCode=600519.SH');
    clickCounter('个股详情');
    await replace('/stockHk?stockCode=00700.HK');
    expect(screen.queryByRole('button', { name: /个股详情/, hidden: true })).toBeNull();
  });
});
