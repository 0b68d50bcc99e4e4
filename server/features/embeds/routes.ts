import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../http/errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { encryptSecret } from '../sources/secrets';
import { checkEmbedToken, looksLikeJwt } from './embedTokens';
import { findSecret, insertSecret, revokeSecret, secretsOf, toEmbedSecret } from './repository';
import { CREATE_EMBED_SECRET, LIST_EMBED_SECRETS, REVOKE_EMBED_SECRET } from './schemas';

// Embedding: the secrets an admin makes for their backend to sign embed tokens with (shown
// once, several alive while one is rotated out, revoked at once), and the page that shows an
// embedded dashboard, which the token's origins alone may frame.

const PATH = '/api/v1/embedSecrets';

/** The page CSP with frame-ancestors set to `origins` ('none' without any). */
function withFrameAncestors(policy: string, origins: string[]): string {
  const ancestors = origins.length ? origins.join(' ') : "'none'";
  return policy.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`);
}

export function registerEmbedRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const admins = { preValidation: requireSection('tokens', 'write') };

  typed.get(PATH, { ...admins, schema: LIST_EMBED_SECRETS }, async (request) =>
    (await secretsOf(app.db, currentUser(request).accountId)).map(toEmbedSecret),
  );

  typed.post(PATH, { ...admins, schema: CREATE_EMBED_SECRET }, async (request) => {
    const user = currentUser(request);
    const secret = randomBytes(32).toString('base64url');
    const row = await insertSecret(app.db, {
      accountId: user.accountId,
      label: request.body.label,
      secretEnc: encryptSecret(secret, app.config.appSecret),
      createdBy: user.id,
    });
    return { ...toEmbedSecret(row), secret, keyId: String(row.id) };
  });

  typed.delete(`${PATH}/:id`, { ...admins, schema: REVOKE_EMBED_SECRET }, async (request) => {
    const accountId = currentUser(request).accountId;
    const row = await findSecret(app.db, accountId, request.params.id);
    if (!row) throw notFound('Embedding secret');
    return toEmbedSecret(row.revoked_at ? row : await revokeSecret(app.db, row.id));
  });

  // The web app's page, framed only by the origins a valid token names; what a refused token
  // shows is the app's message page (its API calls are refused the same way).
  // A wildcard: a token is longer than a route parameter may be (find-my-way's 100 characters).
  const page = { config: { tenantPage: true } };
  app.get<{ Params: { '*': string } }>('/embed/dashboards/*', page, async (request, reply) => {
    const token = request.params['*'];
    const account = request.account;
    const check =
      account?.active && looksLikeJwt(token)
        ? await checkEmbedToken(app.db, app.config.appSecret, account.id, token)
        : null;
    const origins = check && 'claims' in check ? check.claims.origins : [];
    return sendEmbedPage(reply, origins);
  });
}

function sendEmbedPage(reply: FastifyReply, origins: string[]) {
  // The page headers were set on the raw response when the request came in (plugins/security).
  const raw = reply.raw;
  const policy = String(raw.getHeader('content-security-policy') ?? '');
  raw.setHeader('content-security-policy', withFrameAncestors(policy, origins));
  if (origins.length) raw.removeHeader('x-frame-options');
  reply.header('cache-control', 'no-store');
  if (typeof reply.sendFile !== 'function') {
    return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No web app.' });
  }
  return reply.sendFile('index.html');
}
