import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubHomeShell } from '../../testing/home-fixtures.ts';
import { renderApp } from '../../testing/render.tsx';

// The 我的 page's chunk arrives only when the test lets it: a slow network.
const mePageChunk = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});

vi.mock('../../features/user/pages/me-page.tsx', async () => {
  await mePageChunk.arrived;
  return { default: () => <h1>我的页面</h1> };
});

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  stubHomeShell();
});

const tabLink = (label: string) => screen.getByRole('link', { name: label });

describe('a tapped tab whose page is still loading', () => {
  it('is marked current at once, over the page being left, which shows a loading bar until the page arrives', async () => {
    renderApp('/');
    // The first test of the file imports the home page's module graph cold.
    await screen.findByRole('heading', { name: '知财', level: 1 }, { timeout: 10_000 });
    expect(tabLink('股票').getAttribute('aria-current')).toBe('page');

    fireEvent.click(tabLink('我的'));

    // Before the chunk arrives: the tapped tab is current, the old page stays (not a blank screen)
    // and says the next one is loading.
    expect(tabLink('我的').getAttribute('aria-current')).toBe('page');
    expect(tabLink('我的').className).toContain('tab-bar__item--active');
    expect(tabLink('股票').getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('progressbar', { name: '页面加载中' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '知财', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '我的页面' })).toBeNull();

    mePageChunk.arrive();
    expect(await screen.findByRole('heading', { name: '我的页面' })).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: '页面加载中' })).toBeNull();
    expect(tabLink('我的').getAttribute('aria-current')).toBe('page');

    // Back on a loaded tab, the tap lands at once and nothing stays pending.
    fireEvent.click(tabLink('股票'));
    expect(await screen.findByRole('heading', { name: '知财', level: 1 })).toBeTruthy();
    expect(tabLink('股票').getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('progressbar', { name: '页面加载中' })).toBeNull();
  });
});
