import { Alert, Box, Button, Paper } from '@mui/material';
import { Title, useResourceContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/**
 * The page of a section whose issue has not landed in this version: it says so plainly and
 * links back to getting-started. No sample data.
 */
export default function NotAvailableYet() {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const sectionName = translate(`resources.${resource}.name`, { smart_count: 2, _: resource });
  return (
    <Paper component="section" sx={{ p: 4, mt: 2, maxWidth: 720 }}>
      <Title title={sectionName} />
      <Box component="h1" sx={{ typography: 'h5', mt: 0 }}>
        {sectionName}
      </Box>
      <Alert severity="info">
        {translate('sections.notAvailable.text', { section: sectionName })}
      </Alert>
      <Button component={RouterLink} to="/getting-started" sx={{ mt: 3 }}>
        {translate('sections.notAvailable.back')}
      </Button>
    </Paper>
  );
}
