import { IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';

export function RemoveButton({ name, onClick }: { name: string; onClick: () => void }) {
  const translate = useTranslate();
  return (
    <IconButton
      size="small"
      aria-label={translate('charts.builder.remove', { name })}
      onClick={onClick}
    >
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}
