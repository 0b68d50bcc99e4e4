import { useMemo, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useSearchedValues, type ValuesLoader } from './useSearchedValues';

interface ValuesFilterInputProps {
  label: string;
  value: string[];
  disabled: boolean;
  onChange: (value: string[]) => void;
  /** loads the field's values containing what the viewer types; absent: the viewer types values */
  loadOptions?: ValuesLoader;
}

const keepAll = (options: string[]) => options;

/**
 * The same array while the values are the same: the Autocomplete empties what the viewer is
 * typing whenever its value changes identity (the dashboard re-renders as tiles answer).
 */
function useSameValues(values: string[]): string[] {
  const key = JSON.stringify(values);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => values, [key]);
}

/** A values filter: pick one or several values of the bound field, searched on the server. */
export function ValuesFilterInput(props: ValuesFilterInputProps) {
  const { label, disabled, onChange, loadOptions } = props;
  const value = useSameValues(props.value);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const { options, loading } = useSearchedValues(loadOptions, open, search);
  const canLoad = loadOptions !== undefined;

  return (
    <Autocomplete
      multiple
      freeSolo={!canLoad}
      size="small"
      sx={{ width: 280 }}
      options={options}
      // The server already kept the values containing the search.
      filterOptions={canLoad ? keepAll : undefined}
      filterSelectedOptions
      loading={loading}
      value={value}
      disabled={disabled}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      inputValue={search}
      onInputChange={(_event, text) => setSearch(text)}
      onChange={(_event, next) => onChange(next.map(String))}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
