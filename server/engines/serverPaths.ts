// A server's error may name a file on that server (`could not open file
// "/var/lib/postgresql/…"`, `Can't create/write to file '/tmp/x'`, DuckDB's data folder and
// staged files): the path is the server's business, not the client's.

/**
 * An absolute path after a space, quote, bracket, `=` or `:`, up to a space or quote; its
 * parts start like names do (so an operator such as `/(DOUBLE, …)` is no path).
 */
const ABSOLUTE_PATH =
  /(^|[\s"'`(=:[,])(?:\/[\w.@%+~*?-][^\s"'`/),\]]*)+\/?|(^|[\s"'`(=[,])[A-Za-z]:(?:\\[^\s"'`\\]+)+/g;

const SERVER_PATH = '[server path]';

/** `message` with every absolute POSIX or Windows path replaced by `placeholder`. */
export function replaceServerPaths(message: string, placeholder: string): string {
  return message.replace(ABSOLUTE_PATH, (_path, before?: string, beforeDrive?: string) => {
    return `${before ?? beforeDrive ?? ''}${placeholder}`;
  });
}

/** A PostgreSQL or MySQL message without the database server's paths. */
export function withoutServerPaths(message: string): string {
  return replaceServerPaths(message, SERVER_PATH);
}
