// One statement as PostgreSQL's administrator on this machine (the cluster's database is
// made and dropped this way).
import pg from 'pg';

const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `sql` with `params` on a connection of its own; answers the result. */
export async function adminQuery(sql, params = []) {
  const client = new pg.Client(POSTGRES_ADMIN_URL);
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}
