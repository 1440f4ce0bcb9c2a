/**
 * Overlays that must not outlive the page they were opened on (spec 1 §4: "On every navigation an
 * alert-notice overlay is removed"). Besides the legacy #alert-notice element, components register
 * a close function while they are open.
 */
const closers = new Set<() => void>();

/** Registers an overlay's close function; call the returned function when the overlay closes. */
export function registerNavigationOverlay(close: () => void): () => void {
  closers.add(close);
  return () => {
    closers.delete(close);
  };
}

/** Removes the #alert-notice element and closes every registered overlay. */
export function closeNavigationOverlays(doc: Document = document): void {
  doc.getElementById('alert-notice')?.remove();
  for (const close of [...closers]) close();
  closers.clear();
}
