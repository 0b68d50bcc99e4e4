import type { DecimalSeparatorName, ThousandsSeparatorName } from '../../../common/api/uploads';
import type {
  DecimalSeparator,
  NumberSeparatorsChoice,
  ThousandsSeparator,
} from '../../engines/duckdb/textNumbers';
import { badRequest } from '../../errors';

// The upload form's separator names as the characters the ingestion reads.

const DECIMALS: Record<DecimalSeparatorName, DecimalSeparator | undefined> = {
  detect: undefined,
  dot: '.',
  comma: ',',
};

const THOUSANDS: Record<ThousandsSeparatorName, ThousandsSeparator | undefined> = {
  detect: undefined,
  none: '',
  dot: '.',
  comma: ',',
  space: ' ',
  apostrophe: "'",
};

/** The separators the form names; 400 naming `thousandsSeparator` when both are the same. */
export function numberSeparatorsOf(fields: {
  decimalSeparator?: DecimalSeparatorName;
  thousandsSeparator?: ThousandsSeparatorName;
}): NumberSeparatorsChoice {
  const decimal = DECIMALS[fields.decimalSeparator ?? 'detect'];
  const thousands = THOUSANDS[fields.thousandsSeparator ?? 'detect'];
  if (decimal !== undefined && decimal === thousands) {
    throw badRequest(
      `thousandsSeparator: must differ from the decimal separator ("${decimal}").`,
      'thousandsSeparator',
    );
  }
  return { decimal, thousands };
}
