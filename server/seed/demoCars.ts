import type { DatasetField } from '../../common/analytics';
import type { DatasetRecord } from '../features/datasets/repository';
import { COUNT, demoChart, layout, query, type DemoDashboard } from './demoSpecs';

// The demo "Cars" dashboard: four charts over the cars table with an origin filter.

export function carsDashboard(cars: DatasetRecord): DemoDashboard {
  const id = cars.id;
  const year = cars.fields.find((field: DatasetField) => field.name === 'Year');
  const yearDimension =
    year?.type === 'date' ? { field: 'Year', grain: 'year' as const } : { field: 'Year' };
  return {
    name: 'Cars',
    description: 'Cars of 1970 to 1982: fuel economy, power and weight by origin.',
    charts: [
      demoChart(
        'mpgByOrigin',
        'Miles per gallon by origin',
        'Mean fuel economy of each origin.',
        {
          type: 'column',
          query: query(id, {
            dimensions: [{ field: 'Origin' }],
            measures: [{ field: 'Miles_per_Gallon', agg: 'avg' }],
          }),
          encoding: { x: 'Origin', y: ['avg_Miles_per_Gallon'] },
          options: { yLabel: 'Miles per gallon', legend: 'none' },
        },
        layout(0, 0, 6, 8),
      ),
      demoChart(
        'cylinders',
        'Cars by cylinders',
        'How many cars have each number of cylinders.',
        {
          type: 'pie',
          query: query(id, { dimensions: [{ field: 'Cylinders' }], measures: [COUNT] }),
          encoding: { x: 'Cylinders', y: ['count'] },
          options: { legend: 'right' },
        },
        layout(6, 0, 6, 8),
      ),
      demoChart(
        'powerVsWeight',
        'Horsepower and weight',
        'Each car: horsepower against weight, coloured by origin.',
        {
          type: 'scatter',
          query: query(id, {
            dimensions: [{ field: 'Horsepower' }, { field: 'Weight_in_lbs' }, { field: 'Origin' }],
            limit: 5000,
          }),
          encoding: { x: 'Horsepower', y: ['Weight_in_lbs'], color: 'Origin' },
          options: { xLabel: 'Horsepower', yLabel: 'Weight (lbs)', legend: 'top' },
        },
        layout(0, 8, 6, 8),
      ),
      demoChart(
        'mpgByYear',
        'Miles per gallon by year',
        'Mean fuel economy of each model year and origin.',
        {
          type: 'line',
          query: query(id, {
            dimensions: [yearDimension, { field: 'Origin' }],
            measures: [{ field: 'Miles_per_Gallon', agg: 'avg' }],
          }),
          encoding: { x: 'Year', series: 'Origin', y: ['avg_Miles_per_Gallon'] },
          options: { yLabel: 'Miles per gallon', dateFormat: 'year', legend: 'top' },
        },
        layout(6, 8, 6, 8),
      ),
    ],
    filters: [{ id: 'origin', label: 'Origin', type: 'values', field: 'Origin' }],
  };
}
