import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { dataGenerationOf } from '../db/dataGeneration';
import { unauthorized } from '../errors';
import { contentRange, listHeaders } from './simpleRest';

// Whole answers of list calls (the JSON text and the range headers), kept while the metadata
// store is unchanged. An admin screen asks for the same page again and again (navigation,
// refresh, polling) and the rows rarely change between; a hit skips the query, the row
// objects and the serialisation, which are most of a list call's work. Any change to the
// store, from this process or another, makes every kept answer stale (dataGeneration.ts).
//
// Only for lists whose answer depends on nothing but the store's rows, the signed-in user and
// the address (no clocks, no files, no other services). The caller has already checked who
// may read it: the key holds the user, so an answer is never handed to another user.

const MAX_ANSWERS = 1_000;
/** Larger answers are rare (big pages) and would crowd out the rest. */
const MAX_ANSWER_CHARS = 256 * 1024;
const JSON_TYPE = 'application/json; charset=utf-8';

interface ListPage {
  rows: unknown[];
  start: number;
  total: number;
}

interface KeptAnswer {
  generation: number;
  /** The serialised rows. A string, not a Buffer: Fastify tells a Buffer by `instanceof
   * ArrayBuffer`, which fails across realms (the server inside a jsdom test). */
  body: string;
  contentRange: string;
  total: string;
}

export class ListAnswerCache {
  /** The most recently used answers; past MAX_ANSWERS the least recently used go. */
  readonly #answers = new LRUCache<string, KeptAnswer>({ max: MAX_ANSWERS });

  constructor(readonly generation: () => number) {}

  get(key: string): KeptAnswer | undefined {
    const kept = this.#answers.get(key);
    if (!kept) return undefined;
    if (kept.generation === this.generation()) return kept;
    this.#answers.delete(key);
    return undefined;
  }

  /** Keeps an answer computed from data of `generation`, unless the data changed meanwhile. */
  keep(key: string, generation: number, answer: Omit<KeptAnswer, 'generation'>): void {
    if (answer.body.length > MAX_ANSWER_CHARS || generation !== this.generation()) return;
    this.#answers.set(key, { generation, ...answer });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Kept list answers; null when the store cannot tell that it changed. */
    listAnswerCache: ListAnswerCache | null;
  }
}

/** Decorates `app.listAnswerCache` (after app.db). */
export function registerListAnswerCache(app: FastifyInstance): void {
  const generation = dataGenerationOf(app.db);
  app.decorate('listAnswerCache', generation ? new ListAnswerCache(generation) : null);
}

function send(reply: FastifyReply, answer: Omit<KeptAnswer, 'generation'>): FastifyReply {
  return reply
    .headers(listHeaders(answer.contentRange, answer.total))
    .type(JSON_TYPE)
    .send(answer.body);
}

/**
 * Sends the page `load` reads, serialised by the route's response schema, or the same answer
 * kept from an earlier identical call when the store has not changed since.
 */
export async function sendCachedList(
  request: FastifyRequest,
  reply: FastifyReply,
  resource: string,
  load: () => Promise<ListPage>,
): Promise<FastifyReply> {
  const cache = request.server.listAnswerCache;
  // The list's route has checked the user already; the key keeps one user's answer theirs.
  if (!request.user) throw unauthorized();
  const key = `${request.user.id}|${request.site}|${request.url}`;
  const kept = cache?.get(key);
  if (kept) return send(reply, kept);

  const generation = cache ? cache.generation() : NaN;
  const page = await load();
  const answer = {
    body: reply.serialize(page.rows) as string,
    contentRange: contentRange(resource, page.start, page.rows.length, page.total),
    total: String(page.total),
  };
  cache?.keep(key, generation, answer);
  return send(reply, answer);
}
