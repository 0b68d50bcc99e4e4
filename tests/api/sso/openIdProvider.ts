import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// A real OpenID provider (oidc-provider) on a free port, for the single sign-on tests: one
// confidential client and accounts whose claims the test sets. Its login and consent
// prompts are answered at once for the account the test chose (`signInAs`), through the
// provider's interactions API, as a login page would after the user typed their password.

export interface LocalProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims of each account id. */
  accounts: Map<string, Record<string, unknown>>;
  /** The account the next login prompt signs in. */
  signInAs: (accountId: string) => void;
  /** The prompts the provider showed (login, consent), in order. */
  prompts: string[];
  close: () => Promise<void>;
}

export async function startProvider(
  redirectUris: string[],
  postLogoutRedirectUris: string[] = [],
): Promise<LocalProvider> {
  const accounts = new Map<string, Record<string, unknown>>();
  const prompts: string[] = [];
  let nextAccount = '';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'brandboard-test';
  const clientSecret = 'brandboard-test-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        post_logout_redirect_uris: postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    claims: {
      openid: ['sub'],
      email: ['email'],
      profile: ['name', 'preferred_username', 'groups', 'region'],
    },
    cookies: { keys: ['test-cookie-key'] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx, id) => {
      const claims = accounts.get(id);
      if (!claims) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) {
      callback(req, res);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      prompts.push(details.prompt.name);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(req, res, { login: { accountId: nextAccount } });
        return;
      }
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: details.params.client_id as string,
      });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } });
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    prompts,
    signInAs: (accountId) => {
      nextAccount = accountId;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
