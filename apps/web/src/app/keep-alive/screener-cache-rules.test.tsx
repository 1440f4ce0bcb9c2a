import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { KeepAliveOutlet } from './keep-alive-outlet.tsx';

// Spec 2 §2.3, the screener's three rows, through the outlet that applies them (issue 18 item 8):
// chooseResult, chooseSuper and ChooseResultSpuer are kept while the user looks at a stock and
// comes back, one instance per strategy id, and dropped by a push onto their listed pages only.

function Where() {
  const { pathname, search } = useLocation();
  return <p>{`${pathname}${search}`}</p>;
}

function setup(initial: string) {
  const router = createMemoryRouter(
    [{ element: <KeepAliveOutlet />, children: [{ path: '*', element: <Where /> }] }],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return async (to: string | number) => {
    await act(async () => {
      if (typeof to === 'number') await router.navigate(to);
      else await router.navigate(to);
    });
  };
}

const kept = (location: string) => screen.queryByText(location) !== null;

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

const rows = [
  { page: '/chooseSuper?id=7', droppedBy: ['/ChooseSuperdex', '/chooseindex', '/chooseMeList'] },
  {
    page: '/chooseResultSpuer?id=7',
    droppedBy: ['/ChooseSuperdex', '/chooseSuper', '/chooseindex', '/chooseMeList'],
  },
  { page: '/chooseResult?id=7', droppedBy: ['/ChooseNew', '/chooseNewFund', '/chooseFund', '/'] },
];

describe('the screener pages kept alive (spec 2 §2.3)', () => {
  for (const { page, droppedBy } of rows) {
    it(`${page} survives a stock and the back button, and a push onto another page`, async () => {
      const go = setup(page);
      await go('/stock?stockCode=600519.SH');
      expect(kept(page)).toBe(true);
      await go(-1);
      expect(kept(page)).toBe(true);
      // Pages not on its list leave it kept: the 选股器 tab, the editor, the same page of another id.
      const another = page.replace('id=7', 'id=8');
      for (const other of ['/stock-picker', '/choose-stock-picker', another]) {
        await go(other);
        expect(kept(page)).toBe(true);
      }
    });

    for (const path of droppedBy) {
      it(`${page} is dropped by a push onto ${path}`, async () => {
        const go = setup(page);
        await go('/stock?stockCode=600519.SH');
        await go(path);
        expect(kept(page)).toBe(false);
      });
    }
  }
});
