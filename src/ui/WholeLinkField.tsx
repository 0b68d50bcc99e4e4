import { TextField } from '@mui/material';

/**
 * A link shown to be copied, read-only and whole: it wraps over lines instead of being cut off
 * at the field's edge (a phone included), reads left to right in a right-to-left page, and is
 * selected on focus.
 */
export function WholeLinkField({ label, link }: { label: string; link: string }) {
  return (
    <TextField
      value={link}
      label={label}
      fullWidth
      multiline
      margin="normal"
      slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', spellCheck: false } }}
      sx={{ '& textarea': { wordBreak: 'break-all', fontFamily: 'monospace' } }}
      onFocus={(event) => event.target.select()}
    />
  );
}
