import { defaultQuerySlots, threadPoolSizeFor } from './engines/duckdbThreadPool';

// The server's entry: libuv reads UV_THREADPOOL_SIZE once, when its pool is first used, so it
// is set here before main.ts and its imports load (static imports would run first). The pool
// holds the query slots plus a reserve for sign-in and files (engines/duckdbThreadPool.ts).

const requested = Number(process.env.QUERY_SLOTS);
const slots = Number.isInteger(requested) && requested > 0 ? requested : defaultQuerySlots();
process.env.UV_THREADPOOL_SIZE ??= String(threadPoolSizeFor(slots));
await import('./main');
