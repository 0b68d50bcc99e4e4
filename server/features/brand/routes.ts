import type { FastifyInstance } from 'fastify';
import { registerBrandOfSiteRoutes } from './brandRoutes';
import { registerCompanyProfileRoutes } from './companyProfileRoutes';

// Company profiles (docs/architecture.md §4-5): the resolved site's brand and logo (public), and the
// companyProfiles records (platform admins: all; admins: their own account's).
export async function registerBrandRoutes(app: FastifyInstance): Promise<void> {
  registerBrandOfSiteRoutes(app);
  await registerCompanyProfileRoutes(app);
}
