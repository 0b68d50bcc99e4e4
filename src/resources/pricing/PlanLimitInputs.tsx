import { Box } from '@mui/material';
import { NumberInput, minValue, useTranslate } from 'react-admin';
import { LIMIT_KEYS } from '../../../common/planLimits';

const wholeNumber = (value: unknown) =>
  value === null || value === undefined || value === '' || Number.isInteger(value)
    ? undefined
    : 'planLimits.validation.wholeNumber';

/** The four limits of a plan; an empty input is unlimited. */
export function PlanLimitInputs() {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }}>
      <Box component="legend" sx={{ typography: 'subtitle2', mb: 1 }}>
        {translate('planLimits.limitsTitle')}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        {LIMIT_KEYS.map((key) => (
          <NumberInput
            key={key}
            source={key}
            label={`planLimits.fields.${key}`}
            step={1}
            min={0}
            validate={[wholeNumber, minValue(0)]}
            sx={{ width: 160 }}
          />
        ))}
      </Box>
    </Box>
  );
}
