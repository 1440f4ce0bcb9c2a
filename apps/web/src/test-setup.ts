import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { throwStubProblems } from './testing/stub-problems.ts';

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

// A fixture that drifted from the contract, or params the server would refuse, fail the test that
// met them (testing/api-stub.ts), even when the page only showed an error for it.
afterEach(() => {
  throwStubProblems();
});
