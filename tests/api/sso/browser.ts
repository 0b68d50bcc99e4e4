// A browser for the single sign-on tests: follows redirects by hand, keeping each host's
// cookies, and sends the site header to Brandboard (the tests' server has no host names).

export class Browser {
  private cookies = new Map<string, Map<string, string>>();

  constructor(private readonly site = 'acme') {}

  async get(url: string, site?: string): Promise<Response> {
    return this.send(url, { method: 'GET' }, site);
  }

  /** Submits a form as a page would (application/x-www-form-urlencoded). */
  async post(url: string, form: Record<string, string>): Promise<Response> {
    return this.send(url, { method: 'POST', body: new URLSearchParams(form) });
  }

  private async send(url: string, init: RequestInit, site?: string): Promise<Response> {
    const target = new URL(url);
    const jar = this.cookies.get(target.host) ?? new Map<string, string>();
    const headers: Record<string, string> = {};
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (site) headers.site = site;
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair.split('=');
      jar.set(name.trim(), value.join('='));
    }
    this.cookies.set(target.host, jar);
    return response;
  }

  /** Follows redirects from `url` until one comes back to Brandboard's sign-in page. */
  async follow(url: string, brandboard: string): Promise<URL> {
    let next = new URL(url);
    for (let hop = 0; hop < 20; hop++) {
      const site = next.origin === brandboard ? this.site : undefined;
      const response = await this.get(next.href, site);
      const location = response.headers.get('location');
      if (!location) throw new Error(`${next.href} answered ${response.status} without redirect`);
      next = new URL(location, next);
      if (next.origin === brandboard && next.pathname === '/login') return next;
    }
    throw new Error('too many redirects');
  }
}
