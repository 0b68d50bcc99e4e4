import Fastify from 'fastify';
import { announceReady, serveCommands } from './childProtocol';

// The baseline of the list and semantic-query benchmarks: bare Fastify (no plugins, no auth,
// no database) in its own process, answering GET /api/v1/users and POST /api/v1/query with
// static JSON the runner hands it (the same rows the real server answers).

let rows: unknown[] = [];
let queryAnswer: unknown = {};
const app = Fastify({ logger: false });
app.get('/api/v1/users', async () => rows);
app.post('/api/v1/query', async () => queryAnswer);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

serveCommands({
  setRows: (args) => {
    rows = args as unknown[];
  },
  setQueryAnswer: (args) => {
    queryAnswer = args;
  },
  close: () => app.close(),
});
announceReady(`http://127.0.0.1:${port}`);
