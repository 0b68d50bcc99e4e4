import { afterAll, describe, expect, it } from 'vitest';
import { addSalesDataset } from '../api/chartsHarness';
import { sessionTokenFor } from '../api/fixtures';
import { startProvider, type LocalProvider } from '../api/sso/openIdProvider';
import { useServerAndBrowser, visible } from './harness';

// Single sign-on in Chromium: on tenant acme's sign-in page the user follows "Sign in with
// Acme Login" through a real OpenID provider (oidc-provider) and lands signed in with the role
// and the attribute their claims map to, seeing only the Sales rows of their region.

let provider: LocalProvider;
let datasetId: number;

describe('single sign-on in the browser', () => {
  const ctx = useServerAndBrowser({
    env: {
      SSO_ALLOW_HTTP_ISSUERS: 'true',
      SSO_ALLOWED_HOSTS: '127.0.0.1',
      SEED_DEMO_WAREHOUSE: 'false',
    },
    setUp: async (server) => {
      const acme = server.siteUrl('acme');
      provider = await startProvider([`${acme}/api/v1/sso/callback`], [`${acme}/login`]);
      provider.accounts.set('sub-north', {
        email: 'nora@acme.example',
        preferred_username: 'nora',
        name: 'Nora North',
        groups: ['sales-team'],
        region: 'North',
      });
      const account = await server.app.db
        .selectFrom('accounts')
        .select('id')
        .where('site', '=', 'acme')
        .executeTakeFirstOrThrow();
      datasetId = await addSalesDataset(server, account.id);
      const admin = await sessionTokenFor(server.app, 'acme', 'admin');
      // Node does not resolve *.localhost: the calls name the site in a header.
      const api = `http://127.0.0.1:${server.port}`;
      const headers = {
        'content-type': 'application/json',
        authorization: `Bearer ${admin}`,
        site: 'acme',
      };
      const policy = await fetch(`${api}/api/v1/datasets/${datasetId}/policies`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ field: 'region', op: '=', attribute: 'region' }),
      });
      expect(policy.status).toBe(200);
      const saved = await fetch(`${api}/api/v1/sso`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({
          enabled: true,
          displayName: 'Acme Login',
          issuer: provider.issuer,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          roleClaim: 'groups',
          roleMap: { 'sales-team': 'viewer', 'bi-admins': 'admin' },
          defaultRole: 'viewer',
          attributeClaims: { region: 'region' },
          passwordSignIn: false,
        }),
      });
      expect(saved.status).toBe(200);
    },
  });

  afterAll(async () => provider?.close());

  it('signs in through the provider and sees only the rows of the mapped region', async () => {
    provider.signInAs('sub-north');
    const { context, page } = await ctx.newPage();
    try {
      await page.goto(`${ctx.siteUrl('acme')}/login`);
      const button = page.getByRole('link', { name: 'Sign in with Acme Login' });
      await visible(button);
      // Passwords are off for this account: no password form.
      expect(await page.getByLabel(/password/i).count()).toBe(0);
      await button.click();
      await page.waitForURL(/dashboards|getting-started/);

      const session = await page.evaluate(() => ({
        user: JSON.parse(sessionStorage.getItem('user') ?? 'null') as { role: string } | null,
        token: sessionStorage.getItem('token'),
      }));
      expect(session.user).toMatchObject({ username: 'nora', role: 'viewer' });

      const rows = await page.evaluate(
        async ({ token, id }) => {
          const answer = await fetch('/api/v1/query', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({
              query: {
                datasetId: id,
                dimensions: [{ field: 'region' }],
                measures: [{ field: 'amount', agg: 'sum' }],
                filters: [],
                sort: [{ key: 'region', dir: 'asc' }],
              },
            }),
          });
          return ((await answer.json()) as { rows: unknown[][] }).rows;
        },
        { token: session.token, id: datasetId },
      );
      expect(rows).toEqual([['North', 30]]);

      // Signing out also signs out at the provider (its own confirmation page), and comes
      // back to the tenant's sign-in page; the next single sign-on asks at the provider again.
      const loginPrompts = () => provider.prompts.filter((name) => name === 'login').length;
      expect(loginPrompts()).toBe(1);
      await page.getByRole('button', { name: 'Profile' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL(`${provider.issuer}/session/end**`);
      await page.getByRole('button', { name: 'Yes, sign me out' }).click();
      await page.waitForURL(`${ctx.siteUrl('acme')}/login**`);
      await page.getByRole('link', { name: 'Sign in with Acme Login' }).click();
      await page.waitForURL(/dashboards|getting-started/);
      expect(loginPrompts()).toBe(2);
    } finally {
      await context.close();
    }
  });

  it("shows the admin's section on a phone in dark mode: settings, a Test by keyboard, no overflow", async () => {
    const server = ctx.server;
    const token = await sessionTokenFor(server.app, 'acme', 'admin');
    const verified = await fetch(`http://127.0.0.1:${server.port}/api/v1/verifyLogin`, {
      headers: { authorization: `Bearer ${token}`, site: 'acme' },
    });
    const { user } = (await verified.json()) as { user: { accountId: number } };
    const profile = await server.app.db
      .selectFrom('company_profiles')
      .select('id')
      .where('account_id', '=', user.accountId)
      .executeTakeFirstOrThrow();
    const context = await ctx.browser.newContext({
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    });
    // Passwords are off for acme: the admin's session is handed to the tab as sign-in stores it.
    await context.addInitScript(
      ({ token, user }) => {
        sessionStorage.setItem('token', token);
        sessionStorage.setItem('user', JSON.stringify(user));
      },
      { token, user },
    );
    const page = await context.newPage();
    try {
      await page.goto(`${ctx.siteUrl('acme')}/companies/${profile.id}`);
      await visible(page.getByRole('heading', { name: 'Single sign-on' }));
      const issuer = page.getByLabel('Issuer URL');
      expect(await issuer.inputValue()).toBe(provider.issuer);
      await page.getByRole('button', { name: 'Test' }).focus();
      await page.keyboard.press('Enter');
      await visible(page.getByText(`sign-in goes to ${provider.issuer}/auth`));
      await issuer.fill('not a url');
      await page.getByRole('button', { name: 'Save single sign-on' }).click();
      await visible(page.getByText('Must be a URL such as https://login.example.com'));
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    } finally {
      await context.close();
    }
  });
});
