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
  change_showInregral(value: boolean): void;
  change_sendAutoorize_downApp(value: DownloadPromptCounters): void;
}

export function createMemoryStore(): StoreApi<MemoryState> {
  return createStore<MemoryState>()((set) => ({
    showInregral: false,
    sendAutoorize_downApp: { all: 0, phone: 0, address: 0 },
    change_showInregral: (showInregral) => set({ showInregral }),
    change_sendAutoorize_downApp: (sendAutoorize_downApp) => set({ sendAutoorize_downApp }),
  }));
}

export const memoryStore = createMemoryStore();

export function useMemoryState<T>(selector: (state: MemoryState) => T): T {
  return useStore(memoryStore, selector);
}
