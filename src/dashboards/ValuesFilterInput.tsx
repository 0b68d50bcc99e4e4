import { useEffect, useRef, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';

export interface ValuesFilterInputProps {
  label: string;
  value: string[];
  disabled: boolean;
  onChange: (value: string[]) => void;
  /** loads the field's values (at most 200); absent: the viewer types values */
  loadOptions?: (signal: AbortSignal) => Promise<string[]>;
}

/** A values filter: pick one or several values of the bound field. */
export function ValuesFilterInput(props: ValuesFilterInputProps) {
  const { label, value, disabled, onChange, loadOptions } = props;
  const [options, setOptions] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const loaded = useRef(false);
  const load = useRef(loadOptions);
  load.current = loadOptions;
  const canLoad = loadOptions !== undefined;

  useEffect(() => {
    if (!open || !load.current || loaded.current) return undefined;
    const controller = new AbortController();
    setLoading(true);
    load
      .current(controller.signal)
      .then((next) => {
        loaded.current = true;
        return next;
      })
      .then(setOptions)
      .catch(() => setOptions([]))
      .finally(() => setLoading(false));
    return () => controller.abort();
  }, [open]);

  return (
    <Autocomplete
      multiple
      freeSolo={!canLoad}
      size="small"
      sx={{ width: 280 }}
      options={options}
      loading={loading}
      value={value}
      disabled={disabled}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onChange={(_event, next) => onChange(next.map(String))}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
