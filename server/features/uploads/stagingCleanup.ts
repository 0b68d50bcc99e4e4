import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

// Staged uploads live in DATA_DIR/staging/<accountId>/ only while their request runs (the
// request deletes its file whatever happens), so any file found there at start-up was left
// by a crash: it is removed before the server takes requests, so it stays neither on disk
// nor readable by the tenant's SQL.

async function entriesOf(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
}

/** Removes everything inside each tenant's staging folder (the folders stay); the count. */
export async function removeOrphanedUploads(dataDir: string): Promise<number> {
  const staging = join(dataDir, 'staging');
  let removed = 0;
  for (const account of await entriesOf(staging)) {
    const folder = join(staging, account);
    for (const entry of await entriesOf(folder)) {
      await rm(join(folder, entry), { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

/** Start-up housekeeping, before the server takes requests: files a crash left in staging. */
export async function removeStagedUploadsLeftByCrash(app: FastifyInstance): Promise<void> {
  const orphans = await removeOrphanedUploads(app.analyticsSettings.dataDir);
  if (orphans) app.log.warn(`Removed ${orphans} staged upload file(s) left by a crash.`);
}
