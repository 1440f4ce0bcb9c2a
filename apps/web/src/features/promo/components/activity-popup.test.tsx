import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../../testing/api-stub.ts';
import { demoMenus, demoPopup } from '../../../testing/home-fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';
import { dismissedPopupsKey } from '../dismissed-popups.ts';

let popupUrl = demoPopup.url;

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  popupUrl = demoPopup.url;
  stubApi({
    'config.getAppMenus': ok(demoMenus),
    'promo.popup': (params) => ok(params.page === '/' ? { ...demoPopup, url: popupUrl } : null),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Waits for the popup image and lets it finish loading, as the browser would. */
async function popupImageLoads() {
  // The first render of / in a worker loads the home page chunk, which takes a while in jsdom.
  const image = await screen.findByRole('img', { name: '活动详情', hidden: true }, { timeout: 10_000 });
  expect(image.getAttribute('src')).toBe('/demo/popup/new-user.svg');
  fireEvent.load(image);
  return screen.findByRole('dialog', { name: '活动' });
}

describe('ActivityPopup', () => {
  it('stays invisible until its image has loaded', async () => {
    renderApp('/');
    await screen.findByRole('img', { name: '活动详情', hidden: true }, { timeout: 10_000 });
    expect(screen.queryByRole('dialog', { name: '活动' })).toBeNull();
    await popupImageLoads();
  }, 15_000);

  it('closes with a 300 ms fade from the close button and does not come back', async () => {
    const { unmount } = renderApp('/');
    const dialog = await popupImageLoads();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(dialog.className).toContain('activity-popup--closing');
    expect(document.querySelector('.activity-popup')).not.toBeNull();
    await waitFor(() => expect(document.querySelector('.activity-popup')).toBeNull(), { timeout: 1000 });
    expect(JSON.parse(window.localStorage.getItem(dismissedPopupsKey) ?? '[]')).toEqual([demoPopup.id]);
    unmount();
    renderApp('/');
    await screen.findByRole('navigation', { name: '功能入口' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.activity-popup')).toBeNull();
  });

  it('navigates to an in-app url when the image is tapped', async () => {
    const { router } = renderApp('/');
    await popupImageLoads();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '活动详情' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/newUserParty'));
  });

  it('opens an http url in a new window', async () => {
    popupUrl = 'https://activity.example.com/618';
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { router } = renderApp('/');
    await popupImageLoads();
    fireEvent.click(screen.getByRole('button', { name: '活动详情' }));
    expect(open).toHaveBeenCalledWith('https://activity.example.com/618', '_blank', 'noopener');
    expect(router.state.location.pathname).toBe('/');
  });

  it('only closes for a url with #', async () => {
    popupUrl = '#';
    const { router } = renderApp('/');
    const dialog = await popupImageLoads();
    fireEvent.click(screen.getByRole('button', { name: '活动详情' }));
    expect(dialog.className).toContain('activity-popup--closing');
    expect(router.state.location.pathname).toBe('/');
  });

  it('asks for no popup on pages without one', async () => {
    const server = stubApi({ 'promo.popup': ok(demoPopup) });
    renderApp('/CourseDetails?id=1');
    await screen.findByRole('heading', { name: '课程详情', level: 1 }, { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls('promo.popup')).toEqual([]);
  });
});
