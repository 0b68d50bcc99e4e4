import { SelectInput } from 'react-admin';
import { useSources } from '../../ui/warehouse/useSources';
import { validateRequired } from './datasetInputs';

/** The data source of a dataset, picked from the account's sources. */
export function SourceInput({ disabled = false }: { disabled?: boolean }) {
  const { data, isPending } = useSources();
  return (
    <SelectInput
      source="sourceId"
      label="analytics.datasets.fields.source"
      choices={data ?? []}
      optionText="name"
      isPending={isPending}
      validate={validateRequired}
      disabled={disabled}
    />
  );
}
