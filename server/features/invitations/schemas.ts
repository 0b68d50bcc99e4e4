import { z } from 'zod';
import { OK } from '../../../src/model/api/auth';
import {
  ACCOUNT_REDIRECT,
  createPasswordSchema,
  INVITATION_DETAILS,
} from '../../../src/model/api/invitations';

const tags = ['invitations'];

export const GET_INVITATION = {
  tags,
  summary: 'Who a create-password link is for (404 unknown, 409 used, 410 expired).',
  params: z.object({ id: z.string().describe('The id of the /create-password/<id> link') }),
  response: { 200: INVITATION_DETAILS },
};
export const CREATE_PASSWORD = {
  tags,
  summary: "Sets the invited user's password with the link's id.",
  body: createPasswordSchema,
  response: { 200: OK },
};
export const VERIFY_AND_REDIRECT = {
  tags,
  summary: "The sign-in page of the user's site, for the bearer of a used link's id.",
  response: { 200: ACCOUNT_REDIRECT },
};
