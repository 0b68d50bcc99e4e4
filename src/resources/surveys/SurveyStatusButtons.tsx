import { useState } from 'react';
import { Button } from '@mui/material';
import PublishIcon from '@mui/icons-material/Publish';
import LockIcon from '@mui/icons-material/Lock';
import { Confirm, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { Survey } from '../../../common/surveys';
import { changeSurveyStatus } from './api';

type Action = 'publish' | 'close';

/** Publish (a draft or a closed survey) and Close (a published one), each after a confirmation. */
export function SurveyStatusButtons() {
  const record = useRecordContext<Survey>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  async function run(action: Action) {
    setBusy(true);
    try {
      await changeSurveyStatus(record!.id, action);
      notify(`surveys.actions.${action}Done`, { type: 'info' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  const action: Action = record.status === 'published' ? 'close' : 'publish';
  return (
    <>
      <Button
        startIcon={action === 'publish' ? <PublishIcon /> : <LockIcon />}
        onClick={() => setAsking(action)}
        disabled={busy}
      >
        {translate(`surveys.actions.${action}`)}
      </Button>
      <Confirm
        isOpen={asking !== null}
        loading={busy}
        title={translate(`surveys.actions.${action}Title`, { name: record.name })}
        content={translate(`surveys.actions.${action}Confirm`)}
        onConfirm={() => run(action)}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
