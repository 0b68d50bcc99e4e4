import {
  Alert,
  Box,
  Button,
  LinearProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Checklist } from '../../../common/api/gettingStarted';
import { STEP_PLACES } from '../../../common/gettingStarted';
import { canAccess } from '../../../common/sections';
import type { Role } from '../../../common/types';
import { fetchChecklist, setChecklistDismissed } from './api';

// The account's first steps, each ticked when done in the account, each linking to where it is
// done (when the user's role may do it). Any user can hide the list for themselves, and show it
// again.

const QUERY_KEY = ['gettingStarted', 'checklist'];

export function GettingStartedChecklist({ role }: { role: Role }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const checklist = useQuery({ queryKey: QUERY_KEY, queryFn: fetchChecklist, retry: false });
  const dismiss = useMutation({
    mutationFn: setChecklistDismissed,
    onSuccess: (answer: Checklist) => queryClient.setQueryData(QUERY_KEY, answer),
  });

  if (checklist.isPending) return <Skeleton variant="rounded" height={240} />;
  if (checklist.error) {
    return (
      <Alert severity="error" role="alert">
        {translate('sections.gettingStarted.checklist.failed', {
          message: checklist.error.message,
        })}
      </Alert>
    );
  }
  const { items, dismissed } = checklist.data;
  if (dismissed) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography color="text.secondary">
          {translate('sections.gettingStarted.checklist.hidden')}
        </Typography>
        <Button onClick={() => dismiss.mutate(false)} disabled={dismiss.isPending}>
          {translate('sections.gettingStarted.checklist.show')}
        </Button>
      </Box>
    );
  }
  const doneCount = items.filter((item) => item.done).length;
  return (
    <Box component="section" aria-labelledby="checklist-title">
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
        <Typography id="checklist-title" variant="h6" component="h2">
          {translate('sections.gettingStarted.checklist.title')}
        </Typography>
        <Typography color="text.secondary" data-testid="checklist-progress">
          {translate('sections.gettingStarted.checklist.progress', {
            done: doneCount,
            total: items.length,
          })}
        </Typography>
        <Button
          sx={{ ml: 'auto' }}
          onClick={() => dismiss.mutate(true)}
          disabled={dismiss.isPending}
        >
          {translate('sections.gettingStarted.checklist.hide')}
        </Button>
      </Box>
      <LinearProgress
        variant="determinate"
        value={(doneCount / items.length) * 100}
        sx={{ my: 1 }}
        aria-hidden
      />
      <List component="ol" aria-label={translate('sections.gettingStarted.checklist.title')}>
        {items.map(({ step, done }) => {
          const place = STEP_PLACES[step];
          const allowed = canAccess(role, place.section, 'write');
          return (
            <ListItem
              key={step}
              component="li"
              data-step={step}
              data-done={done}
              secondaryAction={
                allowed && !done ? (
                  <Button component={RouterLink} to={place.path} size="small" variant="outlined">
                    {translate(`sections.gettingStarted.checklist.steps.${step}.action`)}
                  </Button>
                ) : undefined
              }
            >
              <ListItemIcon>
                {done ? (
                  <CheckCircleIcon
                    color="success"
                    titleAccess={translate('sections.gettingStarted.checklist.done')}
                  />
                ) : (
                  <RadioButtonUncheckedIcon
                    color="disabled"
                    titleAccess={translate('sections.gettingStarted.checklist.todo')}
                  />
                )}
              </ListItemIcon>
              <ListItemText
                primary={translate(`sections.gettingStarted.checklist.steps.${step}.title`)}
                secondary={
                  allowed || done
                    ? translate(`sections.gettingStarted.checklist.steps.${step}.text`)
                    : translate('sections.gettingStarted.checklist.askAdmin')
                }
                sx={
                  done ? { '& .MuiListItemText-primary': { textDecoration: 'line-through' } } : {}
                }
              />
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
