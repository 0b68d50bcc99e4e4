// The values a dashboard values filter offers: the distinct values of one field, the most
// frequent first, narrowed on the server to those containing what the viewer types.
// Signed in: POST /api/v1/query/values; on a share link: POST .../filterValues with filterId.

/** Values a viewer may pick from in one answer: at most this many. */
export const FIELD_VALUES_LIMIT = 200;

/** What the viewer typed, at most this long. */
export const FIELD_VALUES_SEARCH_MAX = 200;

// The request and answer are in ./api/query (FieldValuesRequest, FieldValuesAnswer).
