import {
  BooleanInput,
  NumberInput,
  SimpleForm,
  TextInput,
  maxLength,
  minValue,
  regex,
  required,
} from 'react-admin';
import { PlanLimitInputs } from './PlanLimitInputs';
import { centsToUnits, featuresToText, textToFeatures, unitsToCents } from './pricingInputs';

const label = (field: string) => `platform.pricing.fields.${field}`;

export function PricingForm() {
  return (
    <SimpleForm
      defaultValues={{
        currency: 'USD',
        priceMonthly: 0,
        features: [],
        active: true,
        highlighted: false,
        sortOrder: 0,
      }}
    >
      <TextInput source="name" label={label('name')} validate={[required(), maxLength(100)]} />
      <NumberInput
        source="priceMonthly"
        label={label('priceMonthly')}
        format={centsToUnits}
        parse={unitsToCents}
        step={0.01}
        validate={[required(), minValue(0)]}
      />
      <TextInput
        source="currency"
        label={label('currency')}
        validate={[required(), regex(/^[A-Za-z]{3}$/, 'platform.pricing.validation.currency')]}
      />
      <TextInput
        source="features"
        label={label('features')}
        helperText="platform.pricing.helpers.features"
        multiline
        minRows={3}
        format={featuresToText}
        parse={textToFeatures}
      />
      <PlanLimitInputs />
      <NumberInput source="sortOrder" label={label('sortOrder')} validate={minValue(0)} />
      <BooleanInput source="highlighted" label={label('highlighted')} />
      <BooleanInput source="active" label={label('active')} />
    </SimpleForm>
  );
}
