import Fastify from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES, USER_STATUSES } from '../common/types';

// Serialises a page of 200 users-like records three ways and times each, directly and
// through app.inject: zod's encode + JSON.stringify (fastify-type-provider-zod), and
// fast-json-stringify compiled from z.toJSONSchema, against plain JSON.stringify.
// Run: npx tsx bench/responseSerialiserBench.ts

const User = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  active: z.boolean(),
  accountId: z.number().int(),
  site: z.string(),
  status: z.enum(USER_STATUSES),
});
const Users = z.array(User);

const rows = Array.from({ length: 200 }, (_, i) => ({
  id: i + 1,
  username: `user${i}`,
  fullName: `User Number ${i}`,
  email: `user${i}@example.com`,
  role: ROLES[i % 3],
  active: i % 2 === 0,
  accountId: 1 + (i % 4),
  site: 'acme',
  status: 'active',
  passwordHash: 'must not leave',
}));

const viaZod = serializerCompiler({ schema: Users, method: 'GET', url: '/', httpStatus: '200' });
const viaFast = fastJson(z.toJSONSchema(Users, { target: 'draft-7', io: 'output' }) as object);
const plain = (data: unknown) => JSON.stringify(data);

function time(name: string, serialise: (data: unknown) => string, rounds = 5_000): void {
  for (let i = 0; i < 500; i++) serialise(rows);
  const started = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) serialise(rows);
  const micros = Number(process.hrtime.bigint() - started) / 1_000 / rounds;
  const leaks = serialise(rows).includes('passwordHash');
  console.log(`${name.padEnd(22)} ${micros.toFixed(1).padStart(7)} µs/page  leaks: ${leaks}`);
}

async function timeInject(name: string, serialise: (data: unknown) => string, rounds = 3_000) {
  const app = Fastify({ logger: false });
  app.get('/', (_request, reply) => reply.type('application/json').send(serialise(rows)));
  await app.ready();
  for (let i = 0; i < 300; i++) await app.inject('/');
  const started = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) await app.inject('/');
  const micros = Number(process.hrtime.bigint() - started) / 1_000 / rounds;
  console.log(`inject ${name.padEnd(15)} ${micros.toFixed(1).padStart(7)} µs/request`);
  await app.close();
}

time('zod encode+stringify', viaZod);
time('fast-json-stringify', viaFast);
time('JSON.stringify', plain);
await timeInject('zod', viaZod);
await timeInject('fast-json', viaFast);
await timeInject('JSON.stringify', plain);
