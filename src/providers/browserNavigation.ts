// Full-page navigations made outside React (the HTTP client's sign-in redirect). Kept in one
// object so tests can observe where the browser would go: jsdom cannot leave the page.
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** The current path with its query, as remembered by `/login?redirect=`. */
export function currentPathWithSearch(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export function loginUrlFor(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}
