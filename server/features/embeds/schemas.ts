import { z } from 'zod';
import {
  CREATED_EMBED_SECRET,
  EMBED_SECRET,
  EMBED_SECRET_INPUT,
  EMBEDDED_CHART,
  EMBEDDED_CHART_QUERY,
} from '../../../common/api/embeds';
import { sharedQueryResultSchema } from '../../../common/api/shares';
import { ID_PARAMS } from '../../http/idParams';
import { routeSchemasOf } from '../../http/routeSchema';

// Route schemas of embedding secrets (admins) and of the public API of an embedded chart.

const route = routeSchemasOf('embedding');

export const LIST_EMBED_SECRETS = route(
  "The account's embedding secrets, newest first (never the secrets).",
  {
    answer: z.array(EMBED_SECRET),
  },
);

export const CREATE_EMBED_SECRET = route(
  'Makes an embedding secret to sign embed tokens with (HS256); the secret is answered once.',
  { body: EMBED_SECRET_INPUT, answer: CREATED_EMBED_SECRET },
);

export const REVOKE_EMBED_SECRET = route(
  'Revokes an embedding secret: tokens it signed stop working at once.',
  { params: ID_PARAMS, answer: EMBED_SECRET },
);

// The public routes check the token (the bearer) before anything else, and a token they refuse
// answers 404 with the reason: so their path and query string are read by that check, not
// refused with a 400 here.
const CHART_PARAMS = z.object({ chartId: z.string().describe('the embedded chart') });
const REFUSED_TOKEN =
  'The bearer is an embed token naming this chart (`chartId`). A refused token answers 404 ' +
  'with `reason`: revoked, expired or invalid (never data), and a `message` saying what is ' +
  'wrong when its claims are.';

export const OPEN_EMBEDDED_CHART = route('The saved chart an embed token shows.', {
  description: REFUSED_TOKEN,
  params: CHART_PARAMS,
  answer: EMBEDDED_CHART,
});

export const QUERY_EMBEDDED_CHART = route(
  "Runs an embedded chart's query for the token's viewer, its locked values held.",
  {
    description: REFUSED_TOKEN,
    params: CHART_PARAMS,
    body: EMBEDDED_CHART_QUERY,
    answer: sharedQueryResultSchema,
  },
);
