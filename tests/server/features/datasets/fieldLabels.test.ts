import { describe, expect, it } from 'vitest';
import { labelFrom } from '../../../../server/features/datasets/fieldDetection';

// Field labels from column names: the file's own spelling when it is written for people,
// otherwise a sentence with known abbreviations in capitals.

describe('labels from column names', () => {
  it.each([
    ['Order ID', 'Order ID'],
    ['IMDB Rating', 'IMDB Rating'],
    ['Sub-Category', 'Sub-Category'],
    ['Release Date', 'Release Date'],
    ['Days to ship', 'Days to ship'],
  ])('keeps %s as the file wrote it', (name, label) => {
    expect(labelFrom(name)).toBe(label);
  });

  it.each([
    ['order_id', 'Order ID'],
    ['ORDER_ID', 'Order ID'],
    ['orderId', 'Order ID'],
    ['OrderID', 'Order ID'],
    ['imdb_rating', 'IMDB rating'],
    ['IMDBRating', 'IMDB rating'],
    ['product_sku', 'Product SKU'],
    ['gdp_per_capita', 'GDP per capita'],
    ['co2_emissions', 'CO2 emissions'],
    ['country.eu', 'Country EU'],
    ['sub-category', 'Sub-category'],
    ['release_date', 'Release date'],
    ['Miles_per_Gallon', 'Miles per gallon'],
    ['days to ship', 'Days to ship'],
    ['region', 'Region'],
    ['Title', 'Title'],
    ['contact_us_it', 'Contact us it'],
  ])('makes %s a sentence: %s', (name, label) => {
    expect(labelFrom(name)).toBe(label);
  });

  it('keeps a name of no words as it is', () => {
    expect(labelFrom('__')).toBe('__');
  });
});
