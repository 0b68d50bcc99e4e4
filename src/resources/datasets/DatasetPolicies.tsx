import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  FormGroup,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import type { Dataset } from '../../../common/analytics';
import {
  EVERYONE_BUT_ADMINS,
  POLICY_ROLES,
  attributeKeySchema,
  type PolicyRole,
  type RowPolicy,
} from '../../../common/api/rowPolicies';
import { createPolicy, deletePolicy, listPolicies } from '../../ui/warehouse/analyticsApi';

// A dataset's row policies: who sees which rows. Each keeps the rows whose field holds one of
// the viewer's values of an attribute; a viewer without the attribute sees none.

const P = 'analytics.datasets.policies';

function PolicyLine({ policy, onRemove }: { policy: RowPolicy; onRemove: () => void }) {
  const translate = useTranslate();
  const roles = policy.appliesTo.map((role) => translate(`${P}.roles.${role}`)).join(', ');
  const appliesTo = translate(`${P}.appliesTo`, { roles });
  const scope = policy.table
    ? translate(`${P}.protectsTable`, { table: policy.table })
    : translate(`${P}.protectsDataset`);
  return (
    <ListItem
      divider
      secondaryAction={
        <IconButton
          edge="end"
          aria-label={translate(`${P}.remove`, { field: policy.field })}
          onClick={onRemove}
        >
          <DeleteIcon />
        </IconButton>
      }
    >
      <ListItemText
        primary={
          <>
            <code>{policy.field}</code> = <Chip size="small" label={`{{${policy.attribute}}}`} />
          </>
        }
        secondary={`${appliesTo} · ${scope}`}
      />
    </ListItem>
  );
}

function NewPolicy({ dataset, onAdded }: { dataset: Dataset; onAdded: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [field, setField] = useState('');
  const [attribute, setAttribute] = useState('');
  const [roles, setRoles] = useState<PolicyRole[]>(EVERYONE_BUT_ADMINS);
  const [touched, setTouched] = useState(false);
  const keyProblem = attribute && !attributeKeySchema.safeParse(attribute).success;
  const add = useMutation({
    mutationFn: () =>
      createPolicy(dataset.id, { field, op: '=', attribute: attribute.trim(), appliesTo: roles }),
    onSuccess: () => {
      setField('');
      setAttribute('');
      setTouched(false);
      notify(`${P}.added`, { type: 'info' });
      onAdded();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const submit = () => {
    setTouched(true);
    if (field && attribute && !keyProblem && roles.length) add.mutate();
  };
  const toggle = (role: PolicyRole) =>
    setRoles((now) => (now.includes(role) ? now.filter((r) => r !== role) : [...now, role]));
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mt: 2 }}
    >
      <TextField
        select
        size="small"
        label={translate(`${P}.field`)}
        value={field}
        onChange={(event) => setField(event.target.value)}
        error={touched && !field}
        helperText={touched && !field ? translate(`${P}.required`) : ' '}
        fullWidth={false}
        sx={{ width: { xs: '100%', sm: 220 } }}
      >
        {dataset.fields.map((candidate) => (
          <MenuItem key={candidate.name} value={candidate.name}>
            {candidate.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={translate(`${P}.attribute`)}
        value={attribute}
        onChange={(event) => setAttribute(event.target.value)}
        error={Boolean(keyProblem) || (touched && !attribute)}
        helperText={
          keyProblem
            ? translate(`${P}.keyRule`)
            : touched && !attribute
              ? translate(`${P}.required`)
              : translate(`${P}.attributeHint`)
        }
        fullWidth={false}
        sx={{ width: { xs: '100%', sm: 220 } }}
      />
      <FormGroup row aria-label={translate(`${P}.rolesLabel`)}>
        {POLICY_ROLES.map((role) => (
          <FormControlLabel
            key={role}
            control={<Checkbox checked={roles.includes(role)} onChange={() => toggle(role)} />}
            label={translate(`${P}.roles.${role}`)}
          />
        ))}
      </FormGroup>
      <Button type="submit" variant="outlined" disabled={add.isPending || roles.length === 0}>
        {translate(`${P}.add`)}
      </Button>
    </Box>
  );
}

/** The row policies of a saved dataset, with a form to add one (editors and admins). */
export function DatasetPolicies({ dataset }: { dataset: Dataset }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const queryKey = ['datasetPolicies', dataset.id];
  const policies = useQuery({
    queryKey,
    queryFn: ({ signal }) => listPolicies(dataset.id, signal),
    retry: false,
  });
  const [removing, setRemoving] = useState<RowPolicy | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const remove = useMutation({
    mutationFn: (policy: RowPolicy) => deletePolicy(dataset.id, policy.id),
    onSuccess: () => {
      notify(`${P}.removed`, { type: 'info' });
      void refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setRemoving(null),
  });

  let body;
  if (policies.error) body = <Alert severity="error">{policies.error.message}</Alert>;
  else if (!policies.data)
    body = <Typography variant="body2">{translate(`${P}.loading`)}</Typography>;
  else if (policies.data.length === 0)
    body = <Alert severity="info">{translate(`${P}.none`)}</Alert>;
  else
    body = (
      <List dense disablePadding>
        {policies.data.map((policy) => (
          <PolicyLine key={policy.id} policy={policy} onRemove={() => setRemoving(policy)} />
        ))}
      </List>
    );

  return (
    <Box component="section" sx={{ mt: 3 }} aria-label={translate(`${P}.title`)}>
      <Typography variant="h6" component="h2">
        {translate(`${P}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(`${P}.explain`)}
      </Typography>
      {body}
      <NewPolicy dataset={dataset} onAdded={() => void refresh()} />
      <Confirm
        isOpen={removing !== null}
        loading={remove.isPending}
        title={`${P}.confirmTitle`}
        content={`${P}.confirmText`}
        translateOptions={{ field: removing?.field ?? '' }}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
