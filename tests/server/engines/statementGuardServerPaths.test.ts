import { describe, expect, it } from 'vitest';
import { withoutServerPaths } from '../../../server/engines/serverPaths';

// Errors of a source reach the client without the server's file paths.

describe('withoutServerPaths', () => {
  it.for([
    [
      'could not open file "/var/lib/postgresql/15/main/pg_hba.conf" for reading: Permission denied',
      'could not open file "[server path]" for reading: Permission denied',
    ],
    [
      "Can't create/write to file '/tmp/x.txt' (Errcode: 13)",
      "Can't create/write to file '[server path]' (Errcode: 13)",
    ],
    ['connect ENOENT /run/mysqld/mysqld.sock', 'connect ENOENT [server path]'],
    ["File 'C:\\data\\x.csv' not found", "File '[server path]' not found"],
    ['could not stat file "/": No such file', 'could not stat file "/": No such file'],
  ] as const)('hides the path in %s', ([message, shown]) => {
    expect(withoutServerPaths(message)).toBe(shown);
  });

  it.for([
    'division by zero',
    'operator does not exist: text / integer',
    'syntax error at or near "/"',
    'column "a/b" does not exist',
    'invalid input syntax for type date: "2024/01/02"',
  ])('leaves %s as it is', (message) => {
    expect(withoutServerPaths(message)).toBe(message);
  });
});
