import { describe, expect, it } from 'vitest';
import type { QueryDimension, QueryMeasure } from '../../../../common/analytics';
import { exampleQuestions, parseQuestion, suggestCompletions } from '../../../../common/nl';
import { cars, flights, movies, seattleWeather } from '../../support/nlFixtures';

// The Ask box's help: completions of the word being typed, example questions.

describe('suggestCompletions', () => {
  it('completes a field name, keeping what was typed before', () => {
    expect(suggestCompletions('average del', flights)).toEqual([
      { kind: 'field', label: 'delay', completion: 'average delay ', detail: 'Delay (minutes)' },
      { kind: 'field', label: 'delays', completion: 'average delays ', detail: 'Delay (minutes)' },
    ]);
  });

  it('completes sampled values with the label of their field', () => {
    const suggestions = suggestCompletions('cars from Ja', cars);
    expect(suggestions[0]).toEqual({
      kind: 'value',
      label: 'Japan',
      completion: 'cars from Japan ',
      detail: 'Origin',
    });
  });

  it('completes keywords', () => {
    const suggestions = suggestCompletions('average delay as a pi', flights);
    expect(suggestions).toContainEqual({
      kind: 'keyword',
      label: 'as a pie chart',
      completion: 'average delay as a as a pie chart ',
    });
    expect(suggestCompletions('average delay ov', flights).map((s) => s.label)).toContain(
      'over time',
    );
  });

  it('offers dimensions after "by" and numbers after "average", own names first', () => {
    const afterBy = suggestCompletions('average delay by ', flights, 3).map((s) => s.label);
    expect(afterBy).toEqual(['date', 'origin airport', 'destination airport']);
    const afterAverage = suggestCompletions('average ', cars, 3).map((s) => s.label);
    expect(afterAverage).toEqual(['miles per gallon', 'cylinders', 'displacement']);
  });

  it('offers whole questions for an empty box, at most `limit` suggestions', () => {
    const suggestions = suggestCompletions('', movies, 2);
    expect(suggestions).toEqual([
      {
        kind: 'question',
        label: 'total us gross by mpaa rating',
        completion: 'total us gross by mpaa rating',
      },
      { kind: 'question', label: 'us gross over time', completion: 'us gross over time' },
    ]);
    expect(suggestCompletions('a', flights, 3)).toHaveLength(3);
  });
});

function fieldsOf(dimensions: QueryDimension[], measures: QueryMeasure[]): string[] {
  return [...dimensions.map((d) => d.field), ...measures.map((m) => m.field)].filter(
    (f) => f !== '*',
  );
}

describe('exampleQuestions', () => {
  it('makes four questions from the dataset own fields', () => {
    expect(exampleQuestions(flights)).toEqual([
      'average delay by origin airport',
      'delay over time',
      'distribution of delay',
      'top 10 origin airports by average delay',
    ]);
    expect(exampleQuestions(seattleWeather, 2)).toEqual([
      'total precipitation by weather',
      'precipitation over time',
    ]);
  });

  it.each([flights, cars, movies, seattleWeather])(
    'each example of %# parses, with nothing unmatched, to a chart of the fields it names',
    (context) => {
      const expected: Record<string, string[]> = {
        1: ['origin', 'delay'],
        2: ['Origin', 'Miles_per_Gallon'],
        3: ['mpaa_rating', 'us_gross'],
        4: ['weather', 'precipitation'],
      };
      const [byCategory, overTime, distribution, top] = exampleQuestions(context);
      const [category, measure] = expected[context.dataset.id];
      for (const question of [byCategory, overTime, distribution, top]) {
        const result = parseQuestion(question, context);
        expect(result.understood).toBe(true);
        expect(result.unmatched).toEqual([]);
        expect(fieldsOf(result.spec.query.dimensions, result.spec.query.measures)).toContain(
          measure,
        );
      }
      const categoryQuery = parseQuestion(byCategory, context).spec.query;
      expect(fieldsOf(categoryQuery.dimensions, categoryQuery.measures)).toEqual([
        category,
        measure,
      ]);
      expect(parseQuestion(overTime, context).spec.type).toBe('line');
      expect(parseQuestion(distribution, context).spec.type).toBe('histogram');
      const topQuery = parseQuestion(top, context).spec.query;
      expect(topQuery.limit).toBe(10);
      expect(topQuery.dimensions).toEqual([{ field: category }]);
    },
  );
});
