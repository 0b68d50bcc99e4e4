import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';

// Files holding secrets or the metadata store (password hashes, encrypted source passwords,
// session hashes) are readable by the server's own user only: mode 0600, whatever the umask.

const OWNER_ONLY = 0o600;

/** Creates `path` empty with mode 0600 when it does not exist yet. */
export function createPrivateFile(path: string): void {
  if (existsSync(path)) return;
  closeSync(openSync(path, 'a', OWNER_ONLY));
}

/** Sets mode 0600 on each of `paths` that exists (files made before this rule included). */
export function makePrivate(paths: string[]): void {
  for (const path of paths) {
    if (existsSync(path)) chmodSync(path, OWNER_ONLY);
  }
}
