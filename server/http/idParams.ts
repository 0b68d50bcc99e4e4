import { z } from 'zod';

// The `:id` route parameter of a record, as parseId reads it: digits only, 1 or more, within
// the safe integers. Handlers get a number.

const POSITIVE_INTEGER = 'must be a positive integer.';

export const ID_PARAMS = z.object({
  id: z
    .string()
    .regex(/^\d+$/, POSITIVE_INTEGER)
    .transform(Number)
    .refine((id) => Number.isSafeInteger(id) && id >= 1, POSITIVE_INTEGER),
});
