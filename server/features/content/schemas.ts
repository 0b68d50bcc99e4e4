import { z } from 'zod';
import {
  HELP_ANSWER,
  HELP_QUERY,
  PUBLIC_INFO_LINK,
  PUBLIC_INFO_PAGE,
  PUBLIC_MESSAGE,
} from '../../../src/model/api/content';

// The route schemas of the platform content routes; the payloads are in the shared model.

const tags = ['content'];

export const HELP = {
  tags,
  summary: 'Published help articles of a section of the product and/or matching a search',
  querystring: HELP_QUERY,
  response: { 200: HELP_ANSWER },
};

export const PUBLIC_INFO_LIST = {
  tags,
  summary: 'The published information pages',
  response: { 200: z.array(PUBLIC_INFO_LINK) },
};

export const PUBLIC_INFO = {
  tags,
  summary: 'One published information page, by its slug',
  params: z.object({ '*': z.string() }),
  response: { 200: PUBLIC_INFO_PAGE },
};

export const PUBLIC_MESSAGE_OF_TYPE = {
  tags,
  summary: 'The latest published message of a type',
  params: z.object({ type: z.string() }),
  response: { 200: PUBLIC_MESSAGE },
};

export const PUBLIC_MESSAGE_BY_ID = {
  tags,
  summary: 'One published message of a type',
  // Not ID_PARAMS: an id that is no positive integer answers 404 like an unknown one.
  params: z.object({ type: z.string(), id: z.string() }),
  response: { 200: PUBLIC_MESSAGE },
};
