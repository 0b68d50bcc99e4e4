import { Alert, Box, Button, Paper } from '@mui/material';
import { Title, usePermissions, useResourceContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/**
 * `/<section>/create` for a role that may only read the section: it says plainly that this
 * role cannot create here and whom to ask, instead of a list or a failing record call.
 */
export default function ReadOnlyCreate() {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const { permissions } = usePermissions<string | null>();
  const sectionName = translate(`resources.${resource}.name`, { smart_count: 2, _: resource });
  const role = translate(`resources.users.roles.${permissions ?? ''}`, { _: permissions ?? '' });
  return (
    <Paper component="section" sx={{ p: 4, mt: 2, maxWidth: 720 }}>
      <Title title={sectionName} />
      <Box component="h1" sx={{ typography: 'h5', mt: 0 }}>
        {translate('sections.readOnly.title', { section: sectionName })}
      </Box>
      <Alert severity="info">
        {translate('sections.readOnly.text', { section: sectionName, role })}
      </Alert>
      <Button component={RouterLink} to={`/${resource}`} sx={{ mt: 3 }}>
        {translate('sections.readOnly.back', { section: sectionName })}
      </Button>
    </Paper>
  );
}
