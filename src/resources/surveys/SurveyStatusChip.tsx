import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Survey, SurveyStatus } from '../../../common/surveys';

const COLORS: Record<SurveyStatus, 'default' | 'success' | 'warning'> = {
  draft: 'default',
  published: 'success',
  closed: 'warning',
};

export function SurveyStatusChip(_props: { label?: string; sortable?: boolean }) {
  const record = useRecordContext<Survey>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={COLORS[record.status]}
      label={translate(`surveys.status.${record.status}`)}
    />
  );
}
