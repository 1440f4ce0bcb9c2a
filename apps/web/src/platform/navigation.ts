/**
 * In-app navigation for code outside React (the request wrapper's session-invalid rule, the login
 * flow). The app registers its router once; before that, or in tests without a router, the
 * browser loads the URL.
 */
export interface NavigateOptions {
  replace?: boolean;
}

type Navigate = (to: string, options: NavigateOptions) => unknown;

let navigate: Navigate | null = null;

export function setNavigator(next: Navigate | null): void {
  navigate = next;
}

export function navigateTo(to: string, options: NavigateOptions = {}): void {
  if (navigate) {
    void navigate(to, options);
    return;
  }
  if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}

/**
 * Replaces the address without loading a page (a used login credential leaves the address bar):
 * through the router once it is mounted, which calls history.replaceState and re-reads the
 * location, or by history.replaceState itself before that, which the router reads when it mounts.
 * The history entry's state is kept and no entry is added.
 */
export function replaceAddress(to: string): void {
  if (navigate) {
    void navigate(to, { replace: true });
    return;
  }
  window.history.replaceState(window.history.state, '', to);
}

/** The current in-app location, path plus query (what a login page sends the user back to). */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}
