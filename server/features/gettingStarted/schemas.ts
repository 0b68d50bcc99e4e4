import { CHECKLIST, DISMISS_BODY } from '../../../src/model/api/gettingStarted';

// The route schemas of the getting-started routes; the payloads are in the shared model.

const tags = ['gettingStarted'];

export const SHOW = {
  tags,
  summary: "The getting-started checklist of the signed-in user's account",
  response: { 200: CHECKLIST },
};

export const DISMISS = {
  tags,
  summary: 'Hide the checklist for the signed-in user, or show it again',
  body: DISMISS_BODY,
  response: { 200: CHECKLIST },
};
