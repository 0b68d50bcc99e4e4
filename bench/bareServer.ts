import Fastify from 'fastify';
import { announceReady, serveCommands } from './childProtocol';

// The baseline of the list benchmark: bare Fastify (no plugins, no auth, no database) in its
// own process, answering GET /api/v1/users with a static JSON array the runner hands it (the
// same 25 rows the real server answers).

let rows: unknown[] = [];
const app = Fastify({ logger: false });
app.get('/api/v1/users', async () => rows);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

serveCommands({
  setRows: (args) => {
    rows = args as unknown[];
  },
  close: () => app.close(),
});
announceReady(`http://127.0.0.1:${port}`);
