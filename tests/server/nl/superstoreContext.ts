import type { QuestionContext } from '../../../common/nl';
import { questionContext } from './askHelper';

// A table shaped like the public "Superstore" sample of orders, with roles as the server
// infers them at upload (ids and codes are dimensions, dates are time), for the kinds of
// question people ask about sales data. Sampled values are a few of each category.

export function superstoreContext(name = 'Superstore'): QuestionContext {
  return questionContext(
    { id: 990, name },
    [
      ['Row ID', 'Row ID', 'number', 'dimension'],
      ['Order ID', 'Order ID', 'string', 'dimension'],
      ['Order Date', 'Order Date', 'date', 'time'],
      ['Ship Date', 'Ship Date', 'date', 'time'],
      ['Ship Mode', 'Ship Mode', 'string', 'dimension'],
      ['Customer ID', 'Customer ID', 'string', 'dimension'],
      ['Customer Name', 'Customer Name', 'string', 'dimension'],
      ['Segment', 'Segment', 'string', 'dimension'],
      ['Country', 'Country', 'string', 'dimension'],
      ['City', 'City', 'string', 'dimension'],
      ['State', 'State', 'string', 'dimension'],
      ['Postal Code', 'Postal Code', 'number', 'dimension'],
      ['Region', 'Region', 'string', 'dimension'],
      ['Product ID', 'Product ID', 'string', 'dimension'],
      ['Category', 'Category', 'string', 'dimension'],
      ['Sub-Category', 'Sub-Category', 'string', 'dimension'],
      ['Product Name', 'Product Name', 'string', 'dimension'],
      ['Sales', 'Sales', 'number', 'measure'],
      ['Quantity', 'Quantity', 'number', 'measure'],
      ['Discount', 'Discount', 'number', 'measure'],
      ['Profit', 'Profit', 'number', 'measure'],
    ],
    {
      'Ship Mode': ['Standard Class', 'Second Class', 'First Class', 'Same Day'],
      Segment: ['Consumer', 'Corporate', 'Home Office'],
      Country: ['United States'],
      City: ['New York City', 'Los Angeles', 'Philadelphia', 'San Francisco', 'Seattle'],
      State: ['California', 'New York', 'Texas', 'Pennsylvania', 'Washington'],
      Region: ['West', 'East', 'Central', 'South'],
      Category: ['Office Supplies', 'Furniture', 'Technology'],
      'Sub-Category': ['Binders', 'Paper', 'Furnishings', 'Phones', 'Storage', 'Art', 'Chairs'],
    },
    {
      Sales: { min: 0.44, max: 22638.48 },
      Quantity: { min: 1, max: 14 },
      Discount: { min: 0, max: 0.8 },
      Profit: { min: -6599.98, max: 8399.98 },
      'Row ID': { min: 1, max: 9994 },
      'Postal Code': { min: 1040, max: 99301 },
    },
  );
}
