import { z } from 'zod';
import {
  CREATED_EMBED_SECRET,
  EMBED_SECRET,
  EMBED_SECRET_INPUT,
} from '../../../src/model/api/embeds';
import { ID_PARAMS } from '../../http/idParams';
import { routeSchemasOf } from '../../http/routeSchema';

// Route schemas of embedding secrets (admins).

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
