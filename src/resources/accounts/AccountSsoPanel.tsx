import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, LinearProgress } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Confirm, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { PlatformSsoRepair, PlatformSsoState } from '../../../common/api/sso';
import { PLATFORM_SITE, type Account } from '../../../common/types';
import { apiUrl, httpRequest } from '../../ui/api/httpClient';

// A tenant's single sign-on on the platform admin's account page: its state, and the repairs
// for an account locked out by a broken identity provider (each confirmed, each audited).

const T = 'platform.accountSso';

async function loadState(accountId: number, signal?: AbortSignal) {
  const url = apiUrl(`/api/v1/accounts/${accountId}/sso`);
  return (await httpRequest<PlatformSsoState>(url, { signal })).data;
}

async function runRepair(accountId: number, repair: PlatformSsoRepair) {
  const url = apiUrl(`/api/v1/accounts/${accountId}/sso/${repair}`);
  return (await httpRequest<PlatformSsoState>(url, { method: 'POST', body: '{}' })).data;
}

function StateList({ state }: { state: PlatformSsoState }) {
  const translate = useTranslate();
  const yesNo = (value: boolean) => translate(value ? `${T}.yes` : `${T}.no`);
  const rows: [string, string][] = [
    ['enabled', yesNo(state.enabled)],
    ['provider', state.displayName ? `${state.displayName} (${state.issuer})` : '—'],
    ['passwordSignIn', yesNo(state.passwordSignIn)],
    ['scim', yesNo(state.hasScimToken)],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(8rem, auto) 1fr', gap: 1, m: 0 }}
    >
      {rows.map(([key, value]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ typography: 'body2', color: 'text.secondary' }}>
            {translate(`${T}.${key}`)}
          </Box>
          <Box component="dd" sx={{ m: 0, typography: 'body2', overflowWrap: 'anywhere' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export function AccountSsoPanel() {
  const account = useRecordContext<Account>();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<PlatformSsoRepair | null>(null);
  const accountId = account?.id;
  const key = ['accountSso', accountId];
  const state = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => loadState(accountId!, signal),
    enabled: accountId !== undefined && account?.site !== PLATFORM_SITE,
    retry: false,
  });
  const repair = useMutation({
    mutationFn: (action: PlatformSsoRepair) => runRepair(accountId!, action),
    onSuccess: (answer, action) => {
      queryClient.setQueryData(key, answer);
      notify(`${T}.${action}Done`, { type: 'success' });
    },
    onError: (error) => notify((error as Error).message, { type: 'error' }),
    onSettled: () => setConfirming(null),
  });
  if (!account || account.site === PLATFORM_SITE) return null;
  const current = state.data;
  const lockedOut = current?.enabled && !current.passwordSignIn;
  return (
    <Box component="section" aria-label={translate(`${T}.title`)} sx={{ my: 2, maxWidth: 640 }}>
      <Box component="h3" sx={{ typography: 'subtitle1', m: 0, mb: 1 }}>
        {translate(`${T}.title`)}
      </Box>
      {state.isPending && <LinearProgress aria-label={translate(`${T}.loading`)} />}
      {state.error && <Alert severity="error">{translate(`${T}.loadFailed`)}</Alert>}
      {current && !current.configured && (
        <Box sx={{ typography: 'body2', color: 'text.secondary' }}>
          {translate(`${T}.notConfigured`)}
        </Box>
      )}
      {current?.configured && (
        <>
          <StateList state={current} />
          {lockedOut && (
            <Alert severity="info" sx={{ mt: 1 }}>
              {translate(`${T}.lockedOutHint`)}
            </Alert>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            {!current.passwordSignIn && (
              <Button
                startIcon={<KeyIcon />}
                disabled={repair.isPending}
                onClick={() => setConfirming('allowPasswords')}
              >
                {translate(`${T}.allowPasswords`)}
              </Button>
            )}
            {current.enabled && (
              <Button
                color="warning"
                startIcon={<LinkOffIcon />}
                disabled={repair.isPending}
                onClick={() => setConfirming('disable')}
              >
                {translate(`${T}.disable`)}
              </Button>
            )}
          </Box>
        </>
      )}
      <Confirm
        isOpen={confirming !== null}
        loading={repair.isPending}
        title={translate(`${T}.${confirming ?? 'disable'}Title`, { name: account.name })}
        content={translate(`${T}.${confirming ?? 'disable'}Content`)}
        confirm={`${T}.${confirming ?? 'disable'}`}
        confirmColor={confirming === 'disable' ? 'warning' : 'primary'}
        onConfirm={() => confirming && repair.mutate(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Box>
  );
}
