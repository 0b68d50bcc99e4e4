import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ID_PARAMS } from '../../../server/http/idParams';
import { registerErrorHandling } from '../../../server/plugins/errors';
import { registerZodSchemas } from '../../../server/plugins/zodSchemas';

// Route schemas: answers carry only the fields their schema declares, whichever serializer
// writes them, and refused input answers the 400 of parsePayload.

const Person = z.object({ id: z.number().int(), name: z.string() });
/** A date has no JSON Schema: this answer is written by zod's encoding instead. */
const Stamped = z.object({ id: z.number().int(), at: z.date() });

const stored = { id: 1, name: 'Ada', passwordHash: 'secret', nested: { token: 't' } };

describe('zod route schemas', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerZodSchemas(app);
    registerErrorHandling(app);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.get('/person', { schema: { response: { 200: Person } } }, () => stored as never);
    typed.get('/people', { schema: { response: { 200: z.array(Person) } } }, () => [
      stored as never,
    ]);
    typed.get('/stamped', { schema: { response: { 200: Stamped } } }, () => ({
      id: 2,
      at: new Date('2026-01-02T03:04:05Z'),
      passwordHash: 'secret',
    }));
    typed.get(
      '/things/:id',
      { schema: { params: z.object({ id: z.coerce.number().int().positive() }) } },
      (request) => ({ id: request.params.id }),
    );
    typed.get('/records/:id', { schema: { params: ID_PARAMS } }, (request) => ({
      id: request.params.id,
    }));
    typed.post(
      '/things',
      { schema: { body: z.strictObject({ name: z.string().min(1) }) } },
      (request) => ({ name: request.body.name }),
    );
    await app.ready();
  });
  afterAll(() => app?.close());

  it('never sends a field the response schema does not declare', async () => {
    expect((await app.inject('/person')).json()).toEqual({ id: 1, name: 'Ada' });
    expect((await app.inject('/people')).json()).toEqual([{ id: 1, name: 'Ada' }]);
    const stamped = await app.inject('/stamped');
    expect(stamped.json()).toEqual({ id: 2, at: '2026-01-02T03:04:05.000Z' });
    expect(stamped.body).not.toContain('secret');
  });

  it('answers 400 naming the parameter or field, as parsePayload does', async () => {
    const badId = await app.inject('/things/abc');
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', field: 'id' });
    expect(badId.json().message).toMatch(/^id: /);
    expect((await app.inject('/things/7')).json()).toEqual({ id: 7 });

    for (const id of ['0', '1e3', '-4', '9007199254740993', 'abc']) {
      const refused = await app.inject(`/records/${id}`);
      expect(refused.json(), id).toMatchObject({
        message: 'id: must be a positive integer.',
        field: 'id',
      });
    }
    expect((await app.inject('/records/0042')).json()).toEqual({ id: 42 });

    const unknown = await app.inject({ method: 'POST', url: '/things', body: { name: 'a', x: 1 } });
    expect(unknown.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Unknown field: x.',
      field: 'x',
    });
    const empty = await app.inject({ method: 'POST', url: '/things', body: { name: '' } });
    expect(empty.json()).toMatchObject({ field: 'name' });
    expect(empty.json().message).toMatch(/^name: /);
    const none = await app.inject({ method: 'POST', url: '/things' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('A JSON body is required.');
  });
});
