import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { encryptSecret } from '../../services/secrets';
import { embedTargetOf, type EmbedKind } from '../../../common/api/embeds';
import { registerEmbeddedChartRoutes } from './embeddedChartRoutes';
import { checkEmbedToken, looksLikeJwt } from './embedTokenService';
import { findSecret, insertSecret, revokeSecret, secretsOf, toEmbedSecret } from './repository';
import { CREATE_EMBED_SECRET, LIST_EMBED_SECRETS, REVOKE_EMBED_SECRET } from './schemas';

// Embedding: the secrets an admin makes for their backend to sign embed tokens with (shown
// once, several alive while one is rotated out, revoked at once), the pages that show an
// embedded dashboard or chart, which the token's origins alone may frame, and the chart's API.

const PATH = '/api/v1/embedSecrets';

/** A request for an embed page: its token is the rest of the path. */
type PageRequest = FastifyRequest<{ Params: { '*': string } }>;

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

  // The web app's pages, framed only by the origins a valid token of their kind names; what a
  // refused token shows is the app's message page (its API calls are refused the same way).
  // A wildcard: a token is longer than a route parameter may be (find-my-way's 100 characters).
  const page = { config: { tenantPage: true } };
  const embedPage = (kind: EmbedKind) => async (request: PageRequest, reply: FastifyReply) =>
    sendEmbedPage(reply, await framingOrigins(app, request, request.params['*'], kind));
  app.get('/embed/dashboards/*', page, embedPage('dashboard'));
  app.get('/embed/charts/*', page, embedPage('chart'));
  registerEmbeddedChartRoutes(app);
}

/** The origins that may frame the page of `token`: none unless it is a valid token of `kind`. */
async function framingOrigins(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
  kind: EmbedKind,
): Promise<string[]> {
  const account = request.account;
  if (!account?.active || !looksLikeJwt(token)) return [];
  const check = await checkEmbedToken(app.db, app.config.appSecret, account.id, token);
  if (!('claims' in check) || embedTargetOf(check.claims)?.kind !== kind) return [];
  return check.claims.origins;
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
