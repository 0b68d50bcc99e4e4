import { z } from 'zod';
import { OK } from '../../../common/api/auth';
import {
  ACCOUNT_REDIRECT,
  createPasswordSchema,
  INVITATION_DETAILS,
} from '../../../common/api/invitations';
import { routeSchemasOf } from '../../http/routeSchema';

const route = routeSchemasOf('invitations');

export const GET_INVITATION = route(
  'Who a create-password link is for (404 unknown, 409 used, 410 expired).',
  {
    params: z.object({ id: z.string().describe('The id of the /create-password/<id> link') }),
    answer: INVITATION_DETAILS,
  },
);
export const CREATE_PASSWORD = route("Sets the invited user's password with the link's id.", {
  body: createPasswordSchema,
  answer: OK,
});
export const VERIFY_AND_REDIRECT = route(
  "The sign-in page of the user's site, for the bearer of a used link's id.",
  { answer: ACCOUNT_REDIRECT },
);
