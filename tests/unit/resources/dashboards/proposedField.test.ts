import { describe, expect, it } from 'vitest';
import type { DatasetField } from '../../../../src/model/analytics';
import {
  bindableFields,
  proposedField,
} from '../../../../src/resources/dashboards/FilterBindingsEditor';

// The field a new dashboard filter binds to first: what a person filters by.

const field = (name: string, type: DatasetField['type'], role: DatasetField['role']) => ({
  name,
  label: name,
  type,
  role,
  synonyms: [],
});

const FLIGHTS = {
  id: 7,
  sourceId: 1,
  name: 'Flights',
  fields: [
    field('date', 'date', 'time'),
    field('delay', 'number', 'measure'),
    field('distance', 'number', 'dimension'),
    field('origin', 'string', 'dimension'),
    field('destination', 'string', 'dimension'),
  ],
};

describe('the field a new filter proposes', () => {
  it('is the first text dimension for a values filter, not the date', () => {
    expect(proposedField(bindableFields(FLIGHTS, 'values'), 'values')).toBe('origin');
  });

  it('is the date for a date range', () => {
    expect(proposedField(bindableFields(FLIGHTS, 'dateRange'), 'dateRange')).toBe('date');
  });

  it('falls back to the first bindable field when no text field exists', () => {
    const numbers = { ...FLIGHTS, fields: FLIGHTS.fields.slice(0, 3) };
    expect(proposedField(bindableFields(numbers, 'values'), 'values')).toBe('date');
  });
});
