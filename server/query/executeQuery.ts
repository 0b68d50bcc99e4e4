import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { QueryResult, SemanticQuery } from '../../common/analytics';
import type { Selectable } from 'kysely';
import type { DatasetRecord } from '../../common/api/datasets';
import type { RowPolicy, UserAttributes } from '../../common/api/rowPolicies';
import type { Role, User } from '../../common/types';
import type { ChartSpec } from '../../common/charts';
import { pivotRequestOf } from '../../common/pivot';
import type { DataSourcesTable } from '../db/analyticsSchema';
import { writeWatcherOf } from '../db/tableWrites';
import type { Connector } from '../engines/connector';
import { QueryError, timeoutError } from '../engines/queryError';
import { WriteAwareCache } from '../db/writeAwareCache';
import { badRequest, refused } from '../errors';
import { QueryAdmission } from './admission';
import { compileSemanticQuery, type CompiledQuery } from './compile/compileSemanticQuery';
import { compileRowsQuery, type RowsQuery } from './compile/compileRowsQuery';
import { compilePivotQuery, type PivotQuery } from './compile/compilePivotQuery';
import {
  policyConditionsFor,
  policyRoleOf,
  protects,
  rawReadingHeldBack,
  type Viewer,
} from './compile/rowPolicies';
import { pickRollup, type UsableRollup } from './rollups/matchRollup';
import { RollupUse, usableAt, type KnownRollup } from './rollups/rollupUse';
import { sqlDialectOf } from '../engines';
import { querySettingsFrom, type QuerySettings } from './querySettings';
import { QueryStats } from './queryStats';
import { cacheKey, ResultCache } from './resultCache';
import { sharedResultCacheBudget } from './resultCacheBudget';
import { normaliseSemanticResult } from './resultValues';
import type { SharedResults } from './sharedResults';
import { SingleFlight } from './singleFlight';

// The query path of docs/architecture.md §6 after the route's permission check: compile -> cache lookup
// (tenant + source + SQL + params) -> single-flight -> admission (a slot, fair between
// tenants) -> connector (what is left of the timeout, row limit, cancellation) -> cache
// store -> answer. One engine per server instance.

interface SemanticRequest {
  accountId: number;
  query: SemanticQuery;
  /** Who the query runs for: the dataset's row policies hold for them. */
  viewer: Viewer;
  /** Aborts when the HTTP request goes away. */
  signal?: AbortSignal;
  /** The instant relative dates are computed from (tests fix it). */
  now?: Date;
}

interface RowsRequest {
  accountId: number;
  datasetId: number;
  rows: RowsQuery;
  viewer: Viewer;
  signal?: AbortSignal;
  now?: Date;
}

interface PivotRunRequest {
  accountId: number;
  datasetId: number;
  pivot: PivotQuery;
  viewer: Viewer;
  signal?: AbortSignal;
  now?: Date;
}

interface SqlRequest {
  accountId: number;
  sourceId: number;
  /** Whom SQL runs for: refused when a row policy of the source holds for their role. */
  role: Role;
  sql: string;
  limit?: number;
  signal?: AbortSignal;
}

type QueryAnswer = QueryResult & { sql: string };

/** The SQL as shown to whoever asked: a first line names the rollup it read, if any. */
function shownSql(sql: string, rollup: UsableRollup | undefined): string {
  return rollup ? `-- answered from the rollup "${rollup.name.replace(/\s+/g, ' ')}"\n${sql}` : sql;
}

/** A change the engine's caches must forget, told to other instances over the same store. */
export type EngineInvalidation =
  { kind: 'source'; accountId: number; sourceId: number } | { kind: 'account'; accountId: number };

/**
 * Dataset and source rows by id, kept for two seconds: every chart query needs both. Any
 * write to datasets, data_sources or accounts in this process empties them at once, and so
 * does invalidateSource; other instances over the same store see a change within the TTL.
 */
const LOOKUP_TTL_MS = 2_000;
const LOOKUP_MAX_ENTRIES = 1_000;

function elapsedMs(startedAt: bigint): number {
  return Math.round(Number(process.hrtime.bigint() - startedAt) / 1e4) / 100;
}

type DataSourceRow = Selectable<DataSourcesTable>;

/**
 * Where the engine reads datasets and sources (each answers 404 when not the account's): the
 * datasets and sources features' repositories, handed in by buildApp so the engine imports
 * no feature.
 */
export interface QueryCatalog {
  loadDataset(
    db: FastifyInstance['db'],
    accountId: number,
    datasetId: number,
  ): Promise<DatasetRecord>;
  findSource(
    db: FastifyInstance['db'],
    accountId: number,
    sourceId: number,
  ): Promise<DataSourceRow>;
  /** The policies of a source's tables and of its SQL datasets. */
  policiesOfSource(
    db: FastifyInstance['db'],
    accountId: number,
    sourceId: number,
  ): Promise<RowPolicy[]>;
  userAttributes(
    db: FastifyInstance['db'],
    accountId: number,
    userId: number,
  ): Promise<UserAttributes>;
  /** The dataset's rollups (query/rollups/), whatever their state. */
  rollupsOf(
    db: FastifyInstance['db'],
    accountId: number,
    datasetId: number,
  ): Promise<KnownRollup[]>;
}

export class QueryEngine {
  readonly stats = new QueryStats();
  readonly flights = new SingleFlight<QueryResult>();
  readonly admission: QueryAdmission;
  /** How many of each dataset's queries its rollups answered. */
  readonly rollupUse = new RollupUse();
  cache: ResultCache;
  settings: QuerySettings;
  /** Tells other instances of a change made here (plugins/sharedInvalidation.ts). */
  relay: ((change: EngineInvalidation) => void) | undefined;
  /** Results shared with other instances over Redis (plugins/sharedInvalidation.ts). */
  shared: SharedResults | undefined;
  // Bumped when a source's data changes or its account goes: a run started before the change
  // must not fill the cache, and requests after it must not join that run.
  private readonly sourceGenerations = new Map<string, number>();
  private readonly accountGenerations = new Map<number, number>();
  private readonly datasets: WriteAwareCache<DatasetRecord>;
  private readonly sources: WriteAwareCache<DataSourceRow>;
  private readonly policies: WriteAwareCache<RowPolicy[]>;
  private readonly attributes: WriteAwareCache<UserAttributes>;
  private readonly rollups: WriteAwareCache<KnownRollup[]>;

  constructor(
    private readonly app: FastifyInstance,
    private readonly catalog: QueryCatalog,
    settings: QuerySettings = querySettingsFrom(app.config.query),
  ) {
    this.settings = settings;
    this.cache = this.newCache();
    this.admission = new QueryAdmission(settings.admission);
    const watcher = writeWatcherOf(app.db);
    const lookup = { ttlMs: LOOKUP_TTL_MS, maxEntries: LOOKUP_MAX_ENTRIES };
    this.datasets = new WriteAwareCache(watcher, { tables: ['datasets', 'accounts'], ...lookup });
    this.sources = new WriteAwareCache(watcher, {
      tables: ['data_sources', 'accounts'],
      ...lookup,
    });
    const policyTables = ['row_policies', 'datasets', 'accounts'];
    this.policies = new WriteAwareCache(watcher, { tables: policyTables, ...lookup });
    this.attributes = new WriteAwareCache(watcher, { tables: ['users', 'accounts'], ...lookup });
    this.rollups = new WriteAwareCache(watcher, {
      tables: ['rollups', 'datasets', 'accounts'],
      ...lookup,
    });
  }

  /** Changes limits (tests use a short TTL or a small memory bound); empties the cache. */
  configure(overrides: Partial<QuerySettings>, now?: () => number): void {
    this.settings = { ...this.settings, ...overrides };
    this.cache.clear();
    this.cache = this.newCache(now);
    this.admission.configure(this.settings.admission);
  }

  /** The SQL a semantic query runs as for `viewer`, without running it (AI charts show it). */
  async compileSemantic(
    accountId: number,
    query: SemanticQuery,
    viewer: Viewer,
  ): Promise<CompiledQuery> {
    return (await this.prepareSemantic({ accountId, query, viewer })).compiled;
  }

  /** A signed-in user as the row policies see them: their role and their attributes. */
  async viewerOf(user: Pick<User, 'id' | 'accountId' | 'role'>): Promise<Viewer> {
    const attributes = await this.attributes.get(`${user.accountId}|${user.id}`, () =>
      this.catalog.userAttributes(this.app.db, user.accountId, user.id),
    );
    return { roles: [policyRoleOf(user.role)], attributes };
  }

  async runSemantic(request: SemanticRequest): Promise<QueryAnswer> {
    const startedAt = process.hrtime.bigint();
    const arrivedAt = performance.now();
    const prepared = await this.prepareSemantic(request);
    this.rollupUse.count(request.accountId, prepared.dataset.id, prepared.rollup?.id);
    return this.answer(request, prepared, { startedAt, arrivedAt });
  }

  /**
   * A chart's data under the viewer's row policies: a pivot chart's cells with their
   * subtotals and totals, any other chart its semantic query's answer.
   */
  async runChart(
    request: SemanticRequest & { chart: Pick<ChartSpec, 'type' | 'options'> },
  ): Promise<QueryAnswer> {
    const { chart, ...semantic } = request;
    if (chart.type !== 'pivot') return this.runSemantic(semantic);
    const { datasetId, ...pivot } = pivotRequestOf(semantic.query, chart.options);
    return this.runPivot({ ...semantic, datasetId, pivot });
  }

  /** A page of a dataset's own rows under filters and the viewer's row policies. */
  async runRows(request: RowsRequest): Promise<QueryAnswer> {
    const startedAt = process.hrtime.bigint();
    const arrivedAt = performance.now();
    const { dataset, connector, sourceType, policies } = await this.datasetFor(request);
    const compiled = compileRowsQuery(request.rows, dataset, sourceType, {
      now: request.now,
      policies,
    });
    return this.answer(request, { dataset, connector, compiled }, { startedAt, arrivedAt });
  }

  /**
   * A pivot's cells with subtotals and totals (`__grouping` tells which) under the viewer's
   * row policies.
   */
  async runPivot(request: PivotRunRequest): Promise<QueryAnswer> {
    const startedAt = process.hrtime.bigint();
    const arrivedAt = performance.now();
    const { dataset, connector, sourceType, policies } = await this.datasetFor(request);
    const compiled = compilePivotQuery(request.pivot, dataset, sourceType, {
      now: request.now,
      policies,
      limit: this.settings.maxLimit,
    });
    return this.answer(request, { dataset, connector, compiled }, { startedAt, arrivedAt });
  }

  /** A compiled query's answer: from the cache, a run in flight, or its source. */
  private async answer(
    request: { accountId: number; signal?: AbortSignal },
    prepared: {
      dataset: DatasetRecord;
      connector: Connector;
      compiled: CompiledQuery;
      rollup?: UsableRollup;
    },
    times: { startedAt: bigint; arrivedAt: number },
  ): Promise<QueryAnswer> {
    const { startedAt, arrivedAt } = times;
    const { accountId } = request;
    const { dataset, connector, compiled } = prepared;
    const sql = shownSql(compiled.sql, prepared.rollup);
    const key = cacheKey({
      sourceId: dataset.sourceId,
      sql: compiled.sql,
      params: compiled.params,
      maxRows: compiled.limit,
      datasetVersion: dataset.updatedAt,
    });
    const hit = this.cache.get(accountId, key);
    if (hit) return { ...hit, cached: true, durationMs: elapsedMs(startedAt), sql };

    const { sourceId } = dataset;
    const generation = this.generationOf(accountId, sourceId);
    const unchanged = () => this.generationOf(accountId, sourceId) === generation;
    let fromElsewhere = false;
    const result = await this.flights.run(
      `${accountId}|${generation}|${key}`,
      async (signal) => {
        let ranHere = false;
        const run = () => {
          ranHere = true;
          return this.runAtSource({ accountId, sourceId, connector, compiled, arrivedAt }, signal);
        };
        const keep = async (normalised: QueryResult) => {
          if (unchanged()) await this.shared?.set(accountId, sourceId, key, normalised);
        };
        const normalised = this.shared
          ? await this.shared.runOnce(accountId, key, { run, keep }, signal)
          : await run();
        fromElsewhere = !ranHere;
        if (unchanged()) this.cache.set(accountId, key, normalised);
        return normalised;
      },
      request.signal,
    );
    // An answer another instance ran (or had kept) is a cached one.
    return {
      ...result,
      cached: fromElsewhere,
      durationMs: elapsedMs(startedAt),
      sql,
    };
  }

  /** A compiled query run at its source once admitted, its answer normalised. */
  private async runAtSource(
    run: {
      accountId: number;
      sourceId: number;
      connector: Connector;
      compiled: CompiledQuery;
      arrivedAt: number;
    },
    signal: AbortSignal,
  ): Promise<QueryResult> {
    const { accountId, sourceId, connector, compiled } = run;
    const answer = await this.admitted(accountId, run.arrivedAt, signal, (timeoutMs) =>
      this.measured(accountId, sourceId, () =>
        connector.run(compiled.sql, {
          params: compiled.params,
          timeoutMs,
          maxRows: compiled.limit,
          signal,
          compiled: true,
        }),
      ),
    );
    return normaliseSemanticResult(answer, compiled.columns);
  }

  /** The account's dataset (404 when not the account's), kept until the datasets change. */
  dataset(accountId: number, datasetId: number): Promise<DatasetRecord> {
    return this.datasets.get(`${accountId}|${datasetId}`, () =>
      this.catalog.loadDataset(this.app.db, accountId, datasetId),
    );
  }

  /**
   * The request's dataset (404 when not the account's), its source's connector and the row
   * policies that hold for the viewer on it.
   */
  private async datasetFor(request: { accountId: number; datasetId: number; viewer: Viewer }) {
    const { accountId } = request;
    const dataset = await this.dataset(accountId, request.datasetId);
    const { connector, sourceType } = await this.connectorOf(accountId, dataset.sourceId);
    const policies = await this.policiesOf(accountId, dataset.sourceId);
    if (dataset.sql && rawReadingHeldBack(policies, request.viewer.roles)) {
      // Its SQL may read a protected table around the policy: only the policies' own
      // conditions on a table dataset can keep a held viewer to their rows.
      throw refused(
        'row-policy',
        `The dataset "${dataset.name}" is a SQL query over a source whose row policies hold for you; ask an admin for a dataset over the table itself.`,
      );
    }
    const held = policyConditionsFor(
      policies.filter((policy) => protects(policy, dataset)),
      request.viewer,
    );
    return { dataset, connector, sourceType, policies: held };
  }

  /** The query's dataset, its source's connector and its SQL. */
  private async prepareSemantic(request: SemanticRequest) {
    const { accountId, query } = request;
    const { viewer } = request;
    const found = await this.datasetFor({ accountId, datasetId: query.datasetId, viewer });
    const { dataset, connector, sourceType, policies } = found;
    const now = request.now ?? new Date();
    const rollups = await this.rollups.get(`${accountId}|${dataset.id}`, () =>
      this.catalog.rollupsOf(this.app.db, accountId, dataset.id),
    );
    const answer = rollups.length
      ? pickRollup(
          usableAt(rollups, now.getTime()),
          query,
          dataset,
          policies,
          sqlDialectOf(sourceType),
          now,
        )
      : undefined;
    const compiled = compileSemanticQuery(query, dataset, sourceType, {
      now,
      defaultLimit: this.settings.defaultLimit,
      maxLimit: this.settings.maxLimit,
      policies,
      rollup: answer && { tableName: answer.rollup.tableName, measures: answer.measures },
    });
    return { dataset, connector, compiled, rollup: answer?.rollup };
  }

  /** Explorer SQL: always run afresh (a user pressing Run expects current data). */
  async runSql(request: SqlRequest): Promise<QueryAnswer> {
    const startedAt = process.hrtime.bigint();
    const arrivedAt = performance.now();
    const { accountId, sourceId } = request;
    const limit = request.limit ?? this.settings.defaultLimit;
    if (!Number.isInteger(limit) || limit < 1 || limit > this.settings.maxLimit) {
      throw badRequest(`limit: a whole number from 1 to ${this.settings.maxLimit}.`, 'limit');
    }
    const { connector } = await this.connectorOf(accountId, sourceId);
    await this.requireRawReading(accountId, sourceId, request.role, 'SQL');
    const result = await this.admitted(accountId, arrivedAt, request.signal, (timeoutMs) =>
      this.measured(accountId, sourceId, () =>
        connector.run(request.sql, { timeoutMs, maxRows: limit, signal: request.signal }),
      ),
    );
    return { ...result, cached: false, durationMs: elapsedMs(startedAt), sql: request.sql };
  }

  /** The policies of the source's tables and SQL datasets, kept until they change. */
  policiesOf(accountId: number, sourceId: number): Promise<RowPolicy[]> {
    return this.policies.get(`${accountId}|${sourceId}`, () =>
      this.catalog.policiesOfSource(this.app.db, accountId, sourceId),
    );
  }

  /**
   * Whether `role` is kept from the raw rows of the source: a policy of it holds for them
   * (for an admin too, when the policy names admins).
   */
  async rawReadingRestricted(accountId: number, sourceId: number, role: Role): Promise<boolean> {
    const policies = await this.policiesOf(accountId, sourceId);
    return rawReadingHeldBack(policies, [policyRoleOf(role)]);
  }

  /**
   * Refuses reading raw rows (`what`: explorer SQL, a preview…) of a source whose row
   * policies hold for `role`: rows read around a dataset would escape them.
   */
  async requireRawReading(
    accountId: number,
    sourceId: number,
    role: Role,
    what: string,
  ): Promise<void> {
    if (await this.rawReadingRestricted(accountId, sourceId, role)) {
      throw refused(
        'row-policy',
        `${what} over a source whose row policies hold for you is not allowed: it would read rows around them.`,
      );
    }
  }

  /**
   * Forget cached results of a source whose data or settings changed; a query of it already
   * running answers its caller but is not cached, and later requests do not join it.
   */
  invalidateSource(accountId: number, sourceId: number): void {
    this.forgetEverywhere({ kind: 'source', accountId, sourceId });
  }

  /** Forget every cached result of an account (the account was deleted). */
  forgetAccount(accountId: number): void {
    this.forgetEverywhere({ kind: 'account', accountId });
  }

  /** Forgets what `change` makes stale here, without telling anyone (it came from elsewhere). */
  forget(change: EngineInvalidation): void {
    if (change.kind === 'source') this.forgetSource(change.accountId, change.sourceId);
    else this.forgetAccountHere(change.accountId);
  }

  /** Drops what `change` makes stale here and in the results shared with other instances. */
  private forgetEverywhere(change: EngineInvalidation): void {
    this.forget(change);
    this.relay?.(change);
    if (change.kind === 'source') void this.shared?.forgetSource(change.accountId, change.sourceId);
    else void this.shared?.forgetAccount(change.accountId);
  }

  private forgetSource(accountId: number, sourceId: number): void {
    const key = `${accountId}|${sourceId}`;
    this.sourceGenerations.set(key, (this.sourceGenerations.get(key) ?? 0) + 1);
    this.cache.invalidateSource(accountId, sourceId);
    this.datasets.clear();
    this.sources.clear();
  }

  private forgetAccountHere(accountId: number): void {
    this.accountGenerations.set(accountId, (this.accountGenerations.get(accountId) ?? 0) + 1);
    this.cache.forgetAccount(accountId);
    this.datasets.clear();
    this.sources.clear();
  }

  /** The connector of the account's source (404 when not the account's). */
  private async connectorOf(accountId: number, sourceId: number) {
    const row = await this.sources.get(`${accountId}|${sourceId}`, () =>
      this.catalog.findSource(this.app.db, accountId, sourceId),
    );
    return this.app.sourceConnectors.forRow(row);
  }

  private generationOf(accountId: number, sourceId: number): string {
    const account = this.accountGenerations.get(accountId) ?? 0;
    return `${account}.${this.sourceGenerations.get(`${accountId}|${sourceId}`) ?? 0}`;
  }

  /**
   * Runs `run` once the admission gives the account a slot, with what is left of the time
   * limit counted from `arrivedAt`.
   */
  private async admitted<T>(
    accountId: number,
    arrivedAt: number,
    signal: AbortSignal | undefined,
    run: (timeoutMs: number) => Promise<T>,
  ): Promise<T> {
    const { timeoutMs } = this.settings;
    try {
      return await this.admission.run(accountId, { arrivedAt, timeoutMs }, signal, run);
    } catch (error) {
      // The connector names the rest of the budget it was given; the caller's limit is the
      // whole time limit, waiting included.
      if (error instanceof QueryError && error.kind === 'timeout') throw timeoutError(timeoutMs);
      throw error;
    }
  }

  private async measured<T>(accountId: number, sourceId: number, run: () => Promise<T>) {
    this.stats.started(accountId, sourceId);
    try {
      return await run();
    } finally {
      this.stats.finished(accountId, sourceId);
    }
  }

  private newCache(now?: () => number): ResultCache {
    sharedResultCacheBudget.maxBytes = this.settings.cacheMaxBytesTotal;
    return new ResultCache({
      ttlMs: this.settings.cacheTtlMs,
      maxBytesPerTenant: this.settings.cacheMaxBytesPerTenant,
      now,
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The query engine: compile, result cache, single flight, run. */
    queryEngine: QueryEngine;
  }
}

/** Decorates `app.queryEngine` (after app.db, app.config and app.sourceConnectors). */
export function registerQueryEngine(app: FastifyInstance, catalog: QueryCatalog): void {
  const engine = new QueryEngine(app, catalog);
  app.decorate('queryEngine', engine);
  // The process-wide budget counts this server's results until it closes.
  app.addHook('onClose', async () => engine.cache.clear());
}
