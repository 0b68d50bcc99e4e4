import { describe, expect, it } from 'vitest';
import { revisionChanges } from '../../../common/revisions';

const tile = (id: string, chartId: number, x = 0) => ({
  id,
  kind: 'chart',
  chartId,
  layout: { x, y: 0, w: 4, h: 3 },
});

const dashboard = {
  name: 'Sales',
  description: '',
  tiles: [tile('a', 1), tile('b', 2, 4)],
  filters: [{ id: 'f', label: 'Region', type: 'values', bindings: [] }],
  refreshSeconds: 0,
};

describe('revisionChanges', () => {
  it('tells a first revision as created', () => {
    expect(revisionChanges('dashboard', null, dashboard)).toEqual([{ type: 'created' }]);
  });

  it('finds nothing between equal definitions', () => {
    expect(revisionChanges('dashboard', dashboard, structuredClone(dashboard))).toEqual([]);
  });

  it('tells tiles added, removed and moved, filters changed, the title changed', () => {
    const after = {
      ...dashboard,
      name: 'Sales 2026',
      tiles: [tile('b', 2, 8), tile('c', 3)],
      filters: [{ id: 'f', label: 'Region', type: 'values', bindings: [], defaultValue: ['EU'] }],
      refreshSeconds: 60,
    };
    expect(revisionChanges('dashboard', dashboard, after)).toEqual([
      { type: 'renamed', from: 'Sales', to: 'Sales 2026' },
      { type: 'tileAdded', tile: 'chart 3' },
      { type: 'tileRemoved', tile: 'chart 1' },
      {
        type: 'tileMoved',
        tile: 'chart 2',
        from: { x: 4, y: 0, w: 4, h: 3 },
        to: { x: 8, y: 0, w: 4, h: 3 },
      },
      { type: 'filterChanged', filter: 'Region' },
      { type: 'refreshChanged', from: 0, to: 60 },
    ]);
  });

  it('tells a text tile edited and filters added and removed', () => {
    const text = { id: 't', kind: 'text', markdown: 'Hi', layout: { x: 0, y: 3, w: 2, h: 2 } };
    const before = { ...dashboard, tiles: [text] };
    const after = {
      ...dashboard,
      tiles: [{ ...text, markdown: 'Hello' }],
      filters: [{ id: 'g', label: 'Year', type: 'dateRange', bindings: [] }],
    };
    expect(revisionChanges('dashboard', before, after)).toEqual([
      { type: 'tileChanged', tile: 'text t' },
      { type: 'filterAdded', filter: 'Year' },
      { type: 'filterRemoved', filter: 'Region' },
    ]);
  });

  it("tells a chart's dataset, type, title, query, encoding and options changed", () => {
    const before = {
      name: 'Delays',
      description: '',
      datasetId: 1,
      spec: { type: 'bar', title: '', query: { measures: [] }, encoding: {}, options: {} },
    };
    const after = {
      ...before,
      description: 'By airport',
      datasetId: 2,
      spec: {
        type: 'line',
        title: 'Delays',
        query: { measures: [{ field: 'delay', aggregate: 'avg' }] },
        encoding: { x: 'date' },
        options: { legend: 'top' },
      },
    };
    expect(revisionChanges('chart', before, after).map((change) => change.type)).toEqual([
      'descriptionChanged',
      'datasetChanged',
      'chartTypeChanged',
      'chartTitleChanged',
      'queryChanged',
      'encodingChanged',
      'optionsChanged',
    ]);
  });

  it("tells a dataset's fields added, removed and changed, its source, table and SQL", () => {
    const field = (name: string, label = name) => ({
      name,
      label,
      type: 'number',
      role: 'measure',
    });
    const before = {
      name: 'Flights',
      sourceId: 1,
      table: 'flights',
      fields: [field('a'), field('b')],
    };
    const after = {
      name: 'Flights',
      sourceId: 2,
      sql: 'select 1',
      fields: [field('b', 'B'), field('c')],
    };
    expect(revisionChanges('dataset', before, after)).toEqual([
      { type: 'sourceChanged', from: 1, to: 2 },
      { type: 'tableChanged', from: 'flights', to: '' },
      { type: 'sqlChanged' },
      { type: 'fieldAdded', field: 'c' },
      { type: 'fieldRemoved', field: 'a' },
      { type: 'fieldChanged', field: 'b' },
    ]);
  });
});
