import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../../server/errors';
import { parseUpdate, payloadKeysOf } from '../../../server/http/updatePayload';

// The shared update rule: read-only fields that echo the stored record are
// ignored, changed ones are a 400 naming them, unknown ones stay a 400.

const schema = z.strictObject({
  id: z.number().optional(),
  name: z.string(),
  createdAt: z.string().optional(),
});
const stored = {
  id: 7,
  name: 'Sales',
  accountId: 3,
  site: 'acme',
  createdAt: '2026-01-01T00:00:00.000Z',
  usage: { users: 2, dashboards: [1, 2] },
};

function refusal(run: () => unknown): { status: number; message: string; field?: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) {
      return { status: error.statusCode, message: error.message, field: error.field };
    }
    throw error;
  }
  throw new Error('accepted');
}

describe('parseUpdate', () => {
  it('accepts the stored record sent back whole, with an edited writable field', () => {
    expect(parseUpdate(schema, { ...stored, name: 'Renamed' }, stored)).toEqual({
      id: 7,
      name: 'Renamed',
    });
  });

  it('answers 400 naming every changed read-only field, timestamps included', () => {
    expect(refusal(() => parseUpdate(schema, { ...stored, site: 'globex' }, stored))).toEqual({
      status: 400,
      message: 'site: is read-only and cannot be changed.',
      field: 'site',
    });
    const two = refusal(() =>
      parseUpdate(schema, { ...stored, accountId: 4, createdAt: 'now' }, stored),
    );
    expect(two).toMatchObject({ status: 400, field: 'accountId' });
    expect(two.message).toBe('accountId, createdAt: are read-only and cannot be changed.');
    const nested = { ...stored, usage: { users: 2, dashboards: [1] } };
    expect(refusal(() => parseUpdate(schema, nested, stored))).toMatchObject({ field: 'usage' });
  });

  it('still refuses an unknown field and a wrong writable one', () => {
    expect(refusal(() => parseUpdate(schema, { ...stored, colour: 'teal' }, stored))).toMatchObject(
      { status: 400, field: 'colour' },
    );
    expect(refusal(() => parseUpdate(schema, { ...stored, name: 5 }, stored))).toMatchObject({
      status: 400,
      field: 'name',
    });
  });

  it('compares form fields as text, and readOnly names fields a create may send', () => {
    const formSchema = z.strictObject({ name: z.string() });
    const form = { id: '7', accountId: '3', name: 'Sales' };
    expect(parseUpdate(formSchema, form, stored, { asText: true })).toEqual({ name: 'Sales' });
    expect(
      refusal(() => parseUpdate(formSchema, { ...form, id: '8' }, stored, { asText: true })),
    ).toMatchObject({ status: 400, field: 'id' });
    const counted = z.strictObject({ name: z.string(), rowCount: z.number().optional() });
    const record = { id: 1, name: 'Sales', rowCount: 10 };
    const options = { readOnly: ['rowCount'] };
    expect(parseUpdate(counted, record, record, options)).toEqual({ name: 'Sales' });
    expect(
      refusal(() => parseUpdate(counted, { ...record, rowCount: 11 }, record, options)),
    ).toMatchObject({ status: 400, field: 'rowCount' });
  });

  it('finds the keys of unions, pipes and refined objects', () => {
    const union = z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('a'), host: z.string() }),
      z.strictObject({ type: z.literal('b'), file: z.string() }),
    ]);
    expect([...payloadKeysOf(union)].sort()).toEqual(['file', 'host', 'type']);
    const refined = z.strictObject({ a: z.string() }).refine(() => true);
    expect([...payloadKeysOf(refined)]).toEqual(['a']);
    const piped = z.strictObject({ b: z.string() }).transform((value) => value.b);
    expect([...payloadKeysOf(piped)]).toEqual(['b']);
  });
});
