import { Button, Stack, Typography } from '@mui/material';

/** A caption followed by one button per choice: example questions, other readings. */
export function LabelledChoices<T>({
  label,
  choices,
  textOf,
  onPick,
  variant = 'text',
}: {
  label: string;
  choices: T[];
  textOf: (choice: T) => string;
  onPick: (choice: T) => void;
  variant?: 'text' | 'outlined';
}) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {choices.map((choice, index) => (
        <Button
          key={`${textOf(choice)}-${index}`}
          size="small"
          variant={variant}
          sx={{ textTransform: 'none' }}
          onClick={() => onPick(choice)}
        >
          {textOf(choice)}
        </Button>
      ))}
    </Stack>
  );
}
