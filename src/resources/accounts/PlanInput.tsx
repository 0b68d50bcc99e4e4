import { ReferenceInput, SelectInput, required } from 'react-admin';

/** The account's plan, picked from the pricing plans (platform admins read them). */
export function PlanInput({ isRequired = false }: { isRequired?: boolean }) {
  return (
    <ReferenceInput source="planId" reference="pricing" sort={{ field: 'sortOrder', order: 'ASC' }}>
      <SelectInput
        optionText="name"
        label="planLimits.accounts.plan"
        emptyText="planLimits.accounts.noPlan"
        validate={isRequired ? required('resources.accounts.validation.required') : undefined}
      />
    </ReferenceInput>
  );
}
