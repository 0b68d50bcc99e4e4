import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SemanticQuery } from '../../../common/analytics';
import { nowIso } from '../../../server/db/schema';
import { createPostgresDatabase, postgresExec, type ExternalDatabase } from '../externalDatabases';
import { call } from '../fixtures';
import {
  buildInstances,
  closeInstances,
  isPostgresReachable,
  isRedisReachable,
  type TestServer,
} from '../harness';

// Three instances over one store and one Redis, a tenant's PostgreSQL source reachable from
// all: identical chart queries spread over the instances run once at the source, a result one
// instance ran is a hit on the others, and a change to the source on one drops it everywhere.

const reachable = (await isPostgresReachable()) && (await isRedisReachable());

describe.runIf(reachable)('chart results shared by three instances', () => {
  let instances: TestServer[];
  let source: ExternalDatabase;
  let accountId: number;
  let sourceId: number;
  let token: string;
  let query: SemanticQuery;

  beforeAll(async () => {
    instances = await buildInstances(3, { DATASOURCE_ALLOWED_HOSTS: '127.0.0.1' });
    const database = await createPostgresDatabase('brandboard_shared');
    if (database.skipped) throw new Error(database.reason);
    source = database;
    await postgresExec(source.config, 'create table numbers as select generate_series(1, 4) as n');
    const [first] = instances;
    accountId = await first.addAccount('north', { editor: 'editor' });
    token = await first.sessionFor('north', 'editor');
    const now = nowIso();
    ({ id: sourceId } = await first.app.db
      .insertInto('data_sources')
      .values({
        account_id: accountId,
        name: 'Numbers',
        type: 'postgres',
        config_json: JSON.stringify(source.reader),
        password_enc: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow());
    // Slow enough (a few hundred ms) that the requests overlap at every instance.
    const { id: datasetId } = await first.app.db
      .insertInto('datasets')
      .values({
        account_id: accountId,
        source_id: sourceId,
        name: 'Slow numbers',
        description: '',
        table_name: null,
        sql: 'select n, (select count(*) from generate_series(1, 3000000)) as padding from numbers',
        fields_json: JSON.stringify([
          { name: 'n', label: 'N', type: 'number', role: 'measure', synonyms: [] },
        ]),
        row_count: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    query = {
      datasetId,
      dimensions: [],
      measures: [{ field: 'n', agg: 'sum' }],
      filters: [],
      sort: [],
    };
  });
  afterAll(async () => {
    await closeInstances(instances?.filter(Boolean) ?? []);
    await source?.drop();
  });

  const ask = (instance: TestServer) =>
    call(instance, 'POST', '/api/v1/query', { token, site: 'north', body: { query } });
  const executions = () =>
    instances.reduce(
      (sum, instance) => sum + instance.app.queryEngine.stats.executions(accountId, sourceId),
      0,
    );

  it('runs 100 identical queries spread over the instances once at the source', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => ask(instances[i % instances.length])),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(100).fill(200));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.json.rows)))).toEqual(
      new Set([JSON.stringify([[10]])]),
    );
    expect(executions()).toBe(1);
  });

  it('answers from the shared results on an instance that never ran the query', async () => {
    const highest = { ...query, measures: [{ field: 'n', agg: 'max' as const }] };
    const askHighest = (instance: TestServer) =>
      call(instance, 'POST', '/api/v1/query', { token, site: 'north', body: { query: highest } });
    const before = executions();
    expect((await askHighest(instances[0])).json).toMatchObject({ rows: [[4]], cached: false });
    for (const instance of instances.slice(1)) {
      expect((await askHighest(instance)).json).toMatchObject({ rows: [[4]], cached: true });
    }
    expect(executions()).toBe(before + 1);
  });

  it('runs the query again everywhere once the source changed on one instance', async () => {
    await postgresExec(source.config, 'insert into numbers values (5)');
    instances[0].app.queryEngine.invalidateSource(accountId, sourceId);
    const before = executions();
    await expect.poll(async () => (await ask(instances[2])).json.rows).toEqual([[15]]);
    expect((await ask(instances[1])).json).toMatchObject({ rows: [[15]] });
    expect(executions()).toBe(before + 1);
  });
});
