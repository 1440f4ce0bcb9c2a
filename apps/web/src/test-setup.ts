import { act, cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { throwStubProblems } from './testing/stub-problems.ts';
import { unstableSetRender } from './ui/antd/index.ts';

// jsdom has no matchMedia; react-hot-toast asks it for prefers-reduced-motion. No query matches,
// which is what a default phone reports for the queries the app uses.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

// vitest runs without globals, so Testing Library cannot register its own cleanup; each test starts
// from an empty document and empty web storage.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// Dialog.confirm, ActionSheet.show and the like render into roots of their own, which Testing
// Library does not know and which unmount only after their closing animation. One left open when a
// file ends renders again after jsdom is gone ("window is not defined" in a later file), so each
// test ends with every such root unmounted.
const appRender = unstableSetRender();
const openRoots = new Set<() => Promise<void> | void>();
unstableSetRender((node, container) => {
  const unmount = appRender(node, container);
  const close = async () => {
    if (!openRoots.delete(close)) return;
    await unmount();
    // antd-mobile removes its container after this resolves; a test ending first must not see it.
    if (container instanceof Element) container.remove();
  };
  openRoots.add(close);
  return close;
});
afterEach(async () => {
  if (openRoots.size === 0) return;
  vi.useRealTimers();
  await act(async () => {
    await Promise.all([...openRoots].map((close) => close()));
  });
});

// A fixture that drifted from the contract, or params the server would refuse, fail the test that
// met them (testing/api-stub.ts), even when the page only showed an error for it.
afterEach(() => {
  throwStubProblems();
});
