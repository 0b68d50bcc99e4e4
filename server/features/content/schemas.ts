import { z } from 'zod';
import {
  HELP_ANSWER,
  HELP_QUERY,
  PUBLIC_INFO_LINK,
  PUBLIC_INFO_PAGE,
  PUBLIC_MESSAGE,
} from '../../../common/api/content';
import { routeSchemasOf } from '../../http/routeSchema';

const route = routeSchemasOf('content');

export const HELP = route(
  'Published help articles of a section of the product and/or matching a search',
  { querystring: HELP_QUERY, answer: HELP_ANSWER },
);

export const PUBLIC_INFO_LIST = route('The published information pages', {
  answer: z.array(PUBLIC_INFO_LINK),
});

export const PUBLIC_INFO = route('One published information page, by its slug', {
  params: z.object({ '*': z.string() }),
  answer: PUBLIC_INFO_PAGE,
});

export const PUBLIC_MESSAGE_OF_TYPE = route('The latest published message of a type', {
  params: z.object({ type: z.string() }),
  answer: PUBLIC_MESSAGE,
});

export const PUBLIC_MESSAGE_BY_ID = route('One published message of a type', {
  // Not ID_PARAMS: an id that is no positive integer answers 404 like an unknown one.
  params: z.object({ type: z.string(), id: z.string() }),
  answer: PUBLIC_MESSAGE,
});
