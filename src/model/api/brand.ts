import { z } from 'zod';

// A company profile (the brand of an account) as the API answers it. Create and update are
// multipart forms (name, website, primaryColor, secondaryColor, accountId on create, an
// optional file `logo`); the logo itself is served by GET /api/v1/logo.

export const COMPANY_PROFILE = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  name: z.string(),
  website: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  hasLogo: z.boolean(),
});
export type CompanyProfile = z.infer<typeof COMPANY_PROFILE>;
