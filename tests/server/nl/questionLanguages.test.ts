import { describe, expect, it } from 'vitest';
import type { DatasetField } from '../../../common/analytics';
import { detectLanguage, parseQuestion, type QuestionContext } from '../../../common/nl';
import { LANGUAGES } from '../../../common/nl/languages';
import { ask, questionContext } from './askHelper';

// Questions in French, German and Spanish: which language a question is in, and questions
// through the parser over a dataset whose fields carry labels and synonyms per language.

const cars = questionContext(
  { id: 960, name: 'Cars' },
  [
    ['Name', 'Name', 'string', 'dimension'],
    ['Horsepower', 'Horsepower', 'number', 'measure'],
    ['Weight', 'Weight', 'number', 'measure'],
    ['Origin', 'Origin', 'string', 'dimension'],
    ['Year', 'Year', 'date', 'time'],
  ],
  { Origin: ['USA', 'Europe', 'Japan'] },
  { Horsepower: { min: 40, max: 230 }, Weight: { min: 1500, max: 5000 } },
);

const TRANSLATIONS: Record<string, DatasetField['translations']> = {
  Horsepower: {
    fr: { label: 'Puissance', synonyms: ['chevaux'] },
    de: { label: 'Leistung', synonyms: ['PS'] },
    es: { label: 'Potencia', synonyms: ['caballos'] },
  },
  Weight: {
    fr: { label: 'Poids', synonyms: [] },
    de: { label: 'Gewicht', synonyms: [] },
    es: { label: 'Peso', synonyms: [] },
  },
  Origin: {
    fr: { label: 'Origine', synonyms: ['pays'] },
    de: { label: 'Herkunft', synonyms: ['Land'] },
    es: { label: 'Origen', synonyms: ['país'] },
  },
  Year: {
    fr: { label: 'Année', synonyms: [] },
    de: { label: 'Baujahr', synonyms: [] },
    es: { label: 'Año', synonyms: [] },
  },
  Name: {
    fr: { label: 'Modèle', synonyms: [] },
    de: { label: 'Modell', synonyms: [] },
    es: { label: 'Modelo', synonyms: [] },
  },
};

const translated: QuestionContext = {
  ...cars,
  dataset: {
    ...cars.dataset,
    fields: cars.dataset.fields.map((field) => ({
      ...field,
      translations: TRANSLATIONS[field.name],
    })),
  },
};

describe('the language of a question', () => {
  it.each([
    ['poids moyen des voitures par pays', 'fr'],
    ['combien de voitures par origine ?', 'fr'],
    ['Durchschnittsgewicht der Autos nach Herkunft', 'de'],
    ['wie viele Autos gibt es pro Land', 'de'],
    ['peso promedio de los coches por país', 'es'],
    ['¿cuántos coches hay por origen?', 'es'],
    ['average weight by origin', 'en'],
    ['how many cars per origin', 'en'],
  ])('"%s" is in %s', (question, language) => {
    expect(detectLanguage(question).code).toBe(language);
  });

  it("is the user's language unless the words are plainly another's", () => {
    expect(detectLanguage('Horsepower', 'de').code).toBe('de');
    expect(detectLanguage('poids par origine', 'fr').code).toBe('fr');
    expect(detectLanguage('show me the average weight of the cars by origin', 'fr').code).toBe(
      'en',
    );
    expect(detectLanguage('peso promedio por origen', 'de').code).toBe('es');
  });

  it('is English when the language given has no recipe and the words tell none', () => {
    expect(detectLanguage('Horsepower', 'pt-BR').code).toBe('en');
    expect(detectLanguage('Horsepower').code).toBe('en');
  });
});

describe('questions in French', () => {
  it('an average by a field named by its French label', () => {
    expect(ask('poids moyen par origine', translated)).toMatchObject({
      type: 'column',
      dimensions: ['Origin'],
      measures: ['avg Weight'],
      unmatched: [],
    });
  });

  it('with and without accents, and with elided articles', () => {
    const accented = ask('évolution de la puissance moyenne au fil des années', translated);
    const plain = ask('evolution de la puissance moyenne au fil des annees', translated);
    expect(accented).toMatchObject({
      type: 'line',
      dimensions: ['Year'],
      measures: ['avg Horsepower'],
    });
    expect(plain).toEqual(accented);
    expect(ask('répartition par pays en camembert', translated)).toMatchObject({
      type: 'pie',
      dimensions: ['Origin'],
      measures: ['count *'],
    });
  });

  it('a scatter of two numbers and a top N', () => {
    expect(ask('relation entre le poids et la puissance', translated)).toMatchObject({
      type: 'scatter',
      dimensions: ['Weight', 'Horsepower'],
    });
    const { spec } = parseQuestion('les 3 modèles avec le poids le plus élevé', translated, 'fr');
    expect(spec.query.dimensions.map((dimension) => dimension.field)).toEqual(['Name']);
    expect(spec.query.limit).toBe(3);
    expect(spec.query.sort?.[0]).toMatchObject({ dir: 'desc' });
  });

  it('a filter on a year in words', () => {
    const { spec } = parseQuestion('poids moyen par origine depuis 1975', translated, 'fr');
    expect(spec.query.dimensions.map((dimension) => dimension.field)).toEqual(['Origin']);
    expect(spec.query.filters).toEqual([expect.objectContaining({ field: 'Year', op: '>=' })]);
  });
});

describe('questions in German', () => {
  it('compounds of a known word and a field label are read as both', () => {
    expect(ask('Durchschnittsgewicht nach Herkunft', translated)).toMatchObject({
      type: 'column',
      dimensions: ['Origin'],
      measures: ['avg Weight'],
    });
    const { spec } = parseQuestion('Gewichtsverteilung', translated, 'de');
    expect(spec.type).toBe('histogram');
  });

  it('a count per category as a pie chart', () => {
    expect(ask('Anzahl der Autos pro Land als Kreisdiagramm', translated)).toMatchObject({
      type: 'pie',
      dimensions: ['Origin'],
      measures: ['count *'],
    });
  });

  it('a superlative and a trend', () => {
    expect(
      ask('welche Herkunft hat die höchste durchschnittliche Leistung?', translated),
    ).toMatchObject({ dimensions: ['Origin'], measures: ['avg Horsepower'] });
    expect(ask('Leistung im Zeitverlauf', translated)).toMatchObject({
      type: 'line',
      dimensions: ['Year'],
    });
  });
});

describe('questions in Spanish', () => {
  it('an average and a count per category', () => {
    expect(ask('peso promedio por origen', translated)).toMatchObject({
      type: 'column',
      dimensions: ['Origin'],
      measures: ['avg Weight'],
    });
    expect(ask('¿cuántos coches hay por país?', translated)).toMatchObject({
      dimensions: ['Origin'],
      measures: ['count *'],
    });
  });

  it('an inflected field word meets its label ("países" and "País")', () => {
    expect(ask('potencia media de los países', translated)).toMatchObject({
      dimensions: ['Origin'],
      measures: ['avg Horsepower'],
    });
  });

  it('a chart type named in Spanish and a comparison', () => {
    expect(ask('peso por origen en un gráfico de líneas', translated)).toMatchObject({
      type: 'line',
    });
    const { spec } = parseQuestion(
      'peso medio por origen con potencia mayor que 100',
      translated,
      'es',
    );
    expect(spec.query.filters).toEqual([
      expect.objectContaining({ field: 'Horsepower', op: '>', value: 100 }),
    ]);
  });
});

describe('English questions', () => {
  it('read as before when the user speaks another language', () => {
    expect(ask('average weight by origin', translated)).toEqual(
      ask('average weight by origin', cars),
    );
    const { spec } = parseQuestion('average weight by origin', translated, 'fr');
    expect(spec.query.measures).toEqual([expect.objectContaining({ agg: 'avg', field: 'Weight' })]);
  });
});

describe('every phrase of every recipe', () => {
  it('parses beside a field and a number without failing', () => {
    for (const recipe of LANGUAGES) {
      const phrases = Object.values(recipe.phrases).flat();
      for (const phrase of phrases) {
        const question = `${phrase} poids ${phrase} 3 ${phrase} Herkunft`;
        const { spec } = parseQuestion(question, translated, recipe.code);
        expect(spec.query.datasetId).toBe(translated.dataset.id);
      }
    }
  });
});
