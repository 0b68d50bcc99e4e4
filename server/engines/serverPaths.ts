// A database server's error may name a file on that server (`could not open file
// "/var/lib/postgresql/…"`, `Can't create/write to file '/tmp/x'`): the path is the server's
// business, not the client's. Absolute POSIX and Windows paths become "[server path]".

const POSIX_PATH = /(^|[\s"'`(=,:])\/(?:[^\s"'`),;:/]+\/?)+/g;
const WINDOWS_PATH = /(^|[\s"'`(=,])[A-Za-z]:\\[^\s"'`),;]*/g;

export const SERVER_PATH = '[server path]';

export function withoutServerPaths(message: string): string {
  return message
    .replace(POSIX_PATH, (_, before: string) => `${before}${SERVER_PATH}`)
    .replace(WINDOWS_PATH, (_, before: string) => `${before}${SERVER_PATH}`);
}
