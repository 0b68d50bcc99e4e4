import { describe, expect, it } from 'vitest';
import type { DatasetField } from '../../../../common/analytics';
import type { DashboardFilter } from '../../../../common/charts';
import {
  bindableFields,
  bindingsWithChart,
  proposedField,
} from '../../../../src/resources/dashboards/FilterBindingsEditor';
import { countChart } from '../../support/dashboardFixtures';

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

// A values filter on three charts: flights (origin), shipments whose first text field is
// "Ship status" and whose origin is labelled "Origin", and cars without any origin.
const SHIPMENTS = {
  id: 8,
  sourceId: 1,
  name: 'Shipments',
  fields: [
    { ...field('ship_status', 'string', 'dimension'), label: 'Ship status' },
    { ...field('from_airport', 'string', 'dimension'), label: 'Origin' },
  ],
};
const CARS = { id: 9, sourceId: 1, name: 'Cars', fields: [field('maker', 'string', 'dimension')] };
const DATASETS = new Map([FLIGHTS, SHIPMENTS, CARS].map((dataset) => [dataset.id, dataset]));
const [flightsChart, shipmentsChart, carsChart] = [
  countChart(1, 'Flights by origin', FLIGHTS.id, 'origin'),
  countChart(2, 'Shipments', SHIPMENTS.id, 'ship_status'),
  countChart(3, 'Cars', CARS.id, 'maker'),
];
const CHARTS = [flightsChart, shipmentsChart, carsChart];
const valuesFilter = (label: string, bindings: DashboardFilter['bindings'] = []) => ({
  filter: { id: 'f', label, type: 'values' as const, bindings },
  charts: CHARTS,
  datasets: DATASETS,
});

describe("a values filter's bindings", () => {
  it('bind each chart to the field of the same name or label, leaving the others unbound', () => {
    expect(bindingsWithChart(valuesFilter('Values'), flightsChart)).toEqual([
      { chartId: 1, field: 'origin' },
      { chartId: 2, field: 'from_airport' },
    ]);
  });

  it("follow the filter's bound field on a chart ticked later, or leave it unbound", () => {
    const bound = valuesFilter('Values', [{ chartId: 1, field: 'destination' }]);
    expect(bindingsWithChart(bound, shipmentsChart)).toEqual(bound.filter.bindings);
    const byOrigin = valuesFilter('Values', [{ chartId: 2, field: 'from_airport' }]);
    expect(bindingsWithChart(byOrigin, flightsChart)).toEqual([
      { chartId: 2, field: 'from_airport' },
      { chartId: 1, field: 'origin' },
    ]);
  });

  it("start from a field named like the filter's label", () => {
    expect(bindingsWithChart(valuesFilter('ship status'), shipmentsChart)).toEqual([
      { chartId: 2, field: 'ship_status' },
    ]);
  });
});
