import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';

/** Download-app prompt counters (spec 1 §3: all, phone and address, each starting at 0). */
export interface DownloadPromptCounters {
  all: number;
  phone: number;
  address: number;
}

/** Session fields that live in memory only and reset on every page load (spec 1 §3). */
export interface MemoryFields {
  showInregral: boolean;
  sendAutoorize_downApp: DownloadPromptCounters;
}

export interface MemoryState extends MemoryFields {
  /**
   * Bumped to re-render the page tree from scratch (spec 1 §4 step 5: an empty native token clears
   * the user's caches "and the app re-renders"); the shell keys its pages by it.
   */
  renderEpoch: number;
  rerender(): void;
  change_showInregral(value: boolean): void;
  change_sendAutoorize_downApp(value: DownloadPromptCounters): void;
}

export function createMemoryStore(): StoreApi<MemoryState> {
  return createStore<MemoryState>()((set) => ({
    showInregral: false,
    sendAutoorize_downApp: { all: 0, phone: 0, address: 0 },
    renderEpoch: 0,
    rerender: () => set((state) => ({ renderEpoch: state.renderEpoch + 1 })),
    change_showInregral: (showInregral) => set({ showInregral }),
    change_sendAutoorize_downApp: (sendAutoorize_downApp) => set({ sendAutoorize_downApp }),
  }));
}

export const memoryStore = createMemoryStore();

export function useMemoryState<T>(selector: (state: MemoryState) => T): T {
  return useStore(memoryStore, selector);
}
