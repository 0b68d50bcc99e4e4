import type { FastifyInstance } from 'fastify';
import { registerBrandRoutes } from './profile/brandRoutes';
import { registerCompanyProfileRoutes } from './profile/companyProfileRoutes';

// Company profiles (DESIGN §4-5): the resolved site's brand and logo (public), and the
// companyProfiles records (platform admins: all; admins: their own account's).
export async function registerProfileRoutes(app: FastifyInstance): Promise<void> {
  registerBrandRoutes(app);
  await registerCompanyProfileRoutes(app);
}
