// Full-page navigations made outside React (the HTTP client's sign-in redirect). Kept in one
// object so tests can observe where the browser would go: jsdom cannot leave the page.
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** The current path with its query, as remembered by `/login?redirect=`. */
function currentPathWithSearch(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export function loginUrlFor(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}

/**
 * Where a sign-in check sends the browser from the current page. Several calls can fail at
 * once; the ones that land after the first redirect must keep its `redirect`, not wrap
 * `/login?redirect=…` in another one.
 */
export function loginUrlForCurrentPage(): string {
  if (window.location.pathname === '/login') return currentPathWithSearch();
  return loginUrlFor(currentPathWithSearch());
}
