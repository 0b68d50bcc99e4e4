import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import type { CreatedEmbedSecret, EmbedSecret } from '../../../common/api/embeds';
import { NewTokenDialog } from './NewTokenDialog';
import {
  createEmbedSecret,
  listEmbedSecrets,
  revokeEmbedSecret,
} from '../../ui/warehouse/analyticsApi';

// Embedding secrets beside the API tokens: the keys the account's backend signs embed tokens
// with. A new one is shown once; several stay alive while one is rotated out; revoking one
// stops every token it signed.

const E = 'platform.embedding';

const SECRET_TEXTS = {
  title: `${E}.createdTitle`,
  shownOnce: `${E}.shownOnce`,
  label: `${E}.secret`,
};

function CreatedSecretDialog({
  made,
  onClose,
}: {
  made: CreatedEmbedSecret | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const keyId = (
    <TextField
      value={made?.keyId ?? ''}
      label={translate(`${E}.keyId`)}
      slotProps={{ htmlInput: { readOnly: true } }}
      sx={{ mt: 2 }}
    />
  );
  return (
    <NewTokenDialog
      token={made?.secret ?? null}
      onClose={onClose}
      texts={SECRET_TEXTS}
      extra={keyId}
    />
  );
}

export function EmbedSecretsPanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const queryKey = ['embedSecrets'];
  const secrets = useQuery({ queryKey, queryFn: ({ signal }) => listEmbedSecrets(signal) });
  const [label, setLabel] = useState('');
  const [touched, setTouched] = useState(false);
  const [made, setMade] = useState<CreatedEmbedSecret | null>(null);
  const [revoking, setRevoking] = useState<EmbedSecret | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const create = useMutation({
    mutationFn: () => createEmbedSecret(label.trim()),
    onSuccess: (secret) => {
      setMade(secret);
      setLabel('');
      setTouched(false);
      void refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const revoke = useMutation({
    mutationFn: (secret: EmbedSecret) => revokeEmbedSecret(secret.id),
    onSuccess: () => {
      notify(`${E}.revoked`, { type: 'info' });
      void refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setRevoking(null),
  });
  const missing = touched && !label.trim();

  return (
    <Box component="section" aria-label={translate(`${E}.title`)} sx={{ mt: 3, p: 2 }}>
      <Typography variant="h6" component="h2">
        {translate(`${E}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(`${E}.explain`)}
      </Typography>
      {secrets.error && <Alert severity="error">{secrets.error.message}</Alert>}
      {secrets.data?.length === 0 && <Alert severity="info">{translate(`${E}.none`)}</Alert>}
      {secrets.data && secrets.data.length > 0 && (
        <List dense disablePadding>
          {secrets.data.map((secret) => (
            <ListItem
              key={secret.id}
              divider
              // room for the Revoke button beside the text (MUI leaves an icon's width)
              sx={{ pr: 13 }}
              secondaryAction={
                secret.revokedAt ? (
                  <Chip size="small" label={translate(`${E}.revokedChip`)} />
                ) : (
                  <Button color="error" size="small" onClick={() => setRevoking(secret)}>
                    {translate(`${E}.revoke`)}
                  </Button>
                )
              }
            >
              <ListItemText
                primary={secret.label}
                secondary={translate(`${E}.keyOf`, {
                  keyId: secret.id,
                  date: new Date(secret.createdAt).toLocaleString(),
                })}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (label.trim()) create.mutate();
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mt: 2 }}
      >
        <TextField
          size="small"
          label={translate(`${E}.label`)}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          error={missing}
          helperText={missing ? translate(`${E}.labelRequired`) : translate(`${E}.labelHint`)}
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: 280 } }}
        />
        <Button type="submit" variant="outlined" disabled={create.isPending}>
          {translate(`${E}.create`)}
        </Button>
      </Box>
      <CreatedSecretDialog made={made} onClose={() => setMade(null)} />
      <Confirm
        isOpen={revoking !== null}
        loading={revoke.isPending}
        title={`${E}.revokeTitle`}
        content={`${E}.revokeText`}
        translateOptions={{ label: revoking?.label ?? '' }}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      />
    </Box>
  );
}
