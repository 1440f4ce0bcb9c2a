/** Shown while the first route's chunk loads: the header band and an empty page, no spinner. */
export function ShellFallback() {
  return <div className="app" aria-busy="true" />;
}
