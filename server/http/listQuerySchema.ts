import { z } from 'zod';

// The query string of a simple-rest list call, as ra-data-simple-rest sends it. Each value is
// JSON text that parseListQuery reads and checks against the resource's ListOptions; the
// schema refuses other parameters and documents the three.

export const LIST_QUERYSTRING = z.strictObject({
  sort: z.string().optional().describe('JSON ["field", "ASC" | "DESC"]'),
  range: z.string().optional().describe('JSON [first, last], both rows included, from 0'),
  filter: z
    .string()
    .optional()
    .describe('JSON {"field": value or [values], "q": "text searched in the searchable fields"}'),
});

/** What a list answer's description says of its headers (OpenAPI lists no response headers
 * from zod schemas here). */
export const LIST_ANSWER_DESCRIPTION =
  'One page of records. Content-Range: `<resource> <first>-<last>/<total>`; X-Total-Count: ' +
  'the total.';
