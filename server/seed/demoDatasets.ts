import type { DatasetField } from '../../common/analytics';
import type { UploadFormat } from '../engines/duckdb/warehouse';

// The demo warehouse of tenant acme: real tables of the vega-datasets package, and one dataset
// per table with labels, roles and synonyms (the words people use when they ask questions).

type FieldHints = Partial<
  Pick<DatasetField, 'label' | 'role' | 'synonyms' | 'format' | 'goodDirection'>
>;

export interface DemoTable {
  table: string;
  /** File under node_modules/vega-datasets/data. */
  file: string;
  format: UploadFormat;
  /** Keep the file's column names; otherwise they become snake_case (`US Gross` -> us_gross). */
  keepColumnNames?: boolean;
  /** Run after ingestion (the raw file keeps dates as text, or mixed types). */
  fixSql?: string;
  dataset: string;
  description: string;
  fields: Record<string, FieldHints>;
}

const MONTH_DAY_YEAR = "'%b %d %Y'";

export const DEMO_TABLES: DemoTable[] = [
  {
    table: 'flights',
    file: 'flights-3m.parquet',
    format: 'parquet',
    dataset: 'Flights',
    description: '3 million US domestic flights, January to June 2001: delays and distances.',
    fields: {
      date: { label: 'Date', synonyms: ['day', 'when', 'departure date'] },
      // A longer delay is bad news: its KPI shows an increase in red.
      delay: {
        label: 'Delay (minutes)',
        synonyms: ['late', 'lateness', 'delays'],
        goodDirection: 'down',
      },
      distance: { label: 'Distance (miles)', synonyms: ['miles', 'length'] },
      origin: { label: 'Origin airport', synonyms: ['from', 'departure'] },
      destination: { label: 'Destination airport', synonyms: ['to', 'arrival'] },
    },
  },
  {
    table: 'cars',
    file: 'cars.json',
    format: 'json',
    keepColumnNames: true,
    dataset: 'Cars',
    description: 'Cars of 1970 to 1982: fuel economy, power and weight by origin.',
    fields: {
      Name: { label: 'Car name', synonyms: ['model', 'car'] },
      Miles_per_Gallon: { label: 'Miles per gallon', synonyms: ['mpg', 'fuel economy'] },
      Cylinders: { role: 'dimension', synonyms: ['cylinder count'] },
      Displacement: { label: 'Displacement (cu in)', synonyms: ['engine size'] },
      Horsepower: { synonyms: ['hp', 'power'] },
      Weight_in_lbs: { label: 'Weight (lbs)', synonyms: ['weight', 'mass'] },
      Acceleration: { label: 'Acceleration (0-60 mph, s)', synonyms: ['zero to sixty'] },
      Year: { label: 'Year', role: 'time', synonyms: ['model year'] },
      Origin: { synonyms: ['country', 'region'] },
    },
  },
  {
    table: 'movies',
    file: 'movies.json',
    format: 'json',
    fixSql: `CREATE OR REPLACE TABLE movies AS SELECT CAST(title AS VARCHAR) AS title,
      * EXCLUDE (title, release_date),
      CAST(try_strptime(release_date, ${MONTH_DAY_YEAR}) AS DATE) AS release_date FROM movies`,
    dataset: 'Movies',
    description: 'Films with their box office, budget, ratings and genre.',
    fields: {
      title: { synonyms: ['movie', 'film', 'name'] },
      us_gross: { label: 'US gross ($)', synonyms: ['box office', 'domestic gross', 'revenue'] },
      worldwide_gross: { label: 'Worldwide gross ($)', synonyms: ['global gross'] },
      us_dvd_sales: { label: 'US DVD sales ($)', synonyms: ['dvd sales'] },
      production_budget: { label: 'Production budget ($)', synonyms: ['budget', 'cost'] },
      release_date: { synonyms: ['released', 'release'] },
      mpaa_rating: { label: 'MPAA rating', synonyms: ['rating', 'age rating'] },
      running_time_min: { label: 'Running time (min)', synonyms: ['runtime', 'duration'] },
      distributor: { synonyms: ['studio'] },
      major_genre: { label: 'Genre', synonyms: ['genre', 'category'] },
      creative_type: { synonyms: ['type'] },
      rotten_tomatoes_rating: { label: 'Rotten Tomatoes rating', synonyms: ['tomatometer'] },
      imdb_rating: { label: 'IMDB rating', synonyms: ['imdb', 'score'] },
      imdb_votes: { label: 'IMDB votes', synonyms: ['votes'] },
    },
  },
  {
    table: 'seattle_weather',
    file: 'seattle-weather.csv',
    format: 'csv',
    dataset: 'Seattle weather',
    description: 'Daily weather in Seattle, 2012 to 2015.',
    fields: weatherFields(),
  },
  {
    table: 'stocks',
    file: 'stocks.csv',
    format: 'csv',
    fixSql: `CREATE OR REPLACE TABLE stocks AS SELECT symbol,
      CAST(strptime(date, ${MONTH_DAY_YEAR}) AS DATE) AS date, price FROM stocks`,
    dataset: 'Stocks',
    description: 'Monthly share prices of five tech companies, 2000 to 2010.',
    fields: {
      symbol: { synonyms: ['ticker', 'company', 'stock'] },
      price: { label: 'Price ($)', synonyms: ['close', 'value', 'share price'] },
    },
  },
  {
    table: 'airports',
    file: 'airports.csv',
    format: 'csv',
    dataset: 'Airports',
    description: 'US airports with their location.',
    fields: {
      iata: { label: 'IATA code', synonyms: ['code', 'airport code'] },
      name: { label: 'Airport name', synonyms: ['airport'] },
      latitude: { role: 'dimension', synonyms: ['lat'] },
      longitude: { role: 'dimension', synonyms: ['lon', 'lng'] },
    },
  },
  {
    table: 'gapminder',
    file: 'gapminder.json',
    format: 'json',
    dataset: 'Gapminder',
    description: 'Population, life expectancy and fertility by country, 1955 to 2005.',
    fields: {
      country: { synonyms: ['nation'] },
      cluster: { label: 'Region cluster', role: 'dimension', synonyms: ['region'] },
      pop: { label: 'Population', synonyms: ['people', 'inhabitants'] },
      life_expect: { label: 'Life expectancy (years)', synonyms: ['life expectancy', 'lifespan'] },
      fertility: { label: 'Fertility (children per woman)', synonyms: ['birth rate'] },
    },
  },
  {
    table: 'penguins',
    file: 'penguins.json',
    format: 'json',
    dataset: 'Penguins',
    description: 'Palmer Archipelago penguins: species, island and body measurements.',
    fields: {
      beak_length_mm: { label: 'Beak length (mm)', synonyms: ['bill length'] },
      beak_depth_mm: { label: 'Beak depth (mm)', synonyms: ['bill depth'] },
      flipper_length_mm: { label: 'Flipper length (mm)', synonyms: ['flipper'] },
      body_mass_g: { label: 'Body mass (g)', synonyms: ['weight', 'mass'] },
    },
  },
  {
    table: 'barley',
    file: 'barley.json',
    format: 'json',
    dataset: 'Barley',
    description: 'Barley yields of ten varieties at six sites in Minnesota, 1931 and 1932.',
    fields: {
      yield: { label: 'Yield (bushels/acre)', synonyms: ['harvest', 'production'] },
      site: { synonyms: ['location', 'farm'] },
    },
  },
  {
    table: 'disasters',
    file: 'disasters.csv',
    format: 'csv',
    dataset: 'Disasters',
    description: 'Deaths from natural disasters worldwide by type and year, 1900 to 2017.',
    fields: {
      entity: { label: 'Disaster type', synonyms: ['disaster', 'type', 'cause'] },
      deaths: { synonyms: ['fatalities', 'killed', 'victims'] },
    },
  },
  {
    table: 'co2_concentration',
    file: 'co2-concentration.csv',
    format: 'csv',
    dataset: 'CO2 concentration',
    description: 'Monthly atmospheric CO2 at Mauna Loa since 1958.',
    fields: {
      co2: { label: 'CO2 (ppm)', synonyms: ['carbon dioxide', 'co2 level'] },
      adjusted_co2: { label: 'Adjusted CO2 (ppm)', synonyms: ['seasonally adjusted'] },
    },
  },
  {
    table: 'population',
    file: 'population.json',
    format: 'json',
    dataset: 'US population',
    description: 'US population by age group and sex, 1850 to 2000 (sex: 1 male, 2 female).',
    fields: {
      age: { label: 'Age group', role: 'dimension', synonyms: ['age'] },
      sex: { role: 'dimension', synonyms: ['gender'] },
      people: { synonyms: ['population', 'persons'] },
    },
  },
  {
    table: 'unemployment_across_industries',
    file: 'unemployment-across-industries.json',
    format: 'json',
    dataset: 'Unemployment across industries',
    description: 'Monthly US unemployment by industry, 2000 to 2010.',
    fields: {
      series: { label: 'Industry', synonyms: ['sector', 'industry'] },
      month: { role: 'dimension' },
      count: { label: 'Unemployed (thousands)', synonyms: ['unemployed', 'jobless'] },
      rate: { label: 'Unemployment rate (%)', synonyms: ['unemployment rate'] },
    },
  },
  {
    table: 'weather',
    file: 'weather.csv',
    format: 'csv',
    dataset: 'Weather',
    description: 'Daily weather in Seattle and New York, 2012 to 2015.',
    fields: { ...weatherFields(), location: { synonyms: ['city', 'place'] } },
  },
  {
    table: 'sp500',
    file: 'sp500.csv',
    format: 'csv',
    fixSql: `CREATE OR REPLACE TABLE sp500 AS SELECT
      CAST(strptime(date, ${MONTH_DAY_YEAR}) AS DATE) AS date, price FROM sp500`,
    dataset: 'S&P 500',
    description: 'Monthly S&P 500 index, 2000 to 2010.',
    fields: { price: { label: 'S&P 500 index', synonyms: ['index', 'price', 'value'] } },
  },
  {
    table: 'iowa_electricity',
    file: 'iowa-electricity.csv',
    format: 'csv',
    dataset: 'Iowa electricity',
    description: 'Net electricity generation in Iowa by source, 2001 to 2017.',
    fields: {
      year: { role: 'time', synonyms: ['when'] },
      source: { label: 'Energy source', synonyms: ['fuel', 'source'] },
      net_generation: { label: 'Net generation (GWh)', synonyms: ['generation', 'electricity'] },
    },
  },
];

function weatherFields(): Record<string, FieldHints> {
  return {
    precipitation: { label: 'Precipitation (mm)', synonyms: ['rain', 'rainfall'] },
    temp_max: { label: 'Max temperature (°C)', synonyms: ['high', 'maximum temperature'] },
    temp_min: { label: 'Min temperature (°C)', synonyms: ['low', 'minimum temperature'] },
    wind: { label: 'Wind (m/s)', synonyms: ['wind speed'] },
    weather: { synonyms: ['conditions', 'sky'] },
  };
}
