import { useState } from 'react';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import CableIcon from '@mui/icons-material/Cable';
import { useNotify, useTranslate } from 'react-admin';
import type { ConnectionTestResult } from '../../../common/api/sources';
import { testConnection } from '../../ui/warehouse/analyticsApi';

/** Tests the saved connection; the server's message is notified and kept beside the button. */
export function TestConnectionButton({ sourceId }: { sourceId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<ConnectionTestResult | null>(null);

  const run = async () => {
    setTesting(true);
    setResult(null);
    let outcome: ConnectionTestResult;
    try {
      outcome = await testConnection(sourceId);
    } catch (error) {
      outcome = { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    setTesting(false);
    setResult(outcome);
    notify(outcome.ok ? 'analytics.datasources.test.ok' : 'analytics.datasources.test.failed', {
      type: outcome.ok ? 'success' : 'error',
      messageArgs: { message: outcome.message },
    });
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        onClick={run}
        disabled={testing}
        startIcon={testing ? <CircularProgress size={16} /> : <CableIcon />}
      >
        {translate('analytics.datasources.test.button')}
      </Button>
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} role="status" sx={{ py: 0 }}>
          {result.message}
        </Alert>
      )}
    </Box>
  );
}
