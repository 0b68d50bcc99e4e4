import type { ComponentType } from 'react';
import { Box, Link, List, ListItem, ListItemIcon, ListItemText, Paper } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import StorageIcon from '@mui/icons-material/Storage';
import TableChartIcon from '@mui/icons-material/TableChart';
import TerminalIcon from '@mui/icons-material/Terminal';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PeopleIcon from '@mui/icons-material/People';
import BusinessIcon from '@mui/icons-material/Business';
import KeyIcon from '@mui/icons-material/Key';
import HelpIcon from '@mui/icons-material/Help';
import { canAccess, type Section } from '../../../common/sections';
import { getStoredUser } from '../../ui/session/authProvider';
import { GettingStartedChecklist } from './GettingStartedChecklist';

/** The journey through the product, in the order a new team takes it. */
const STEPS: { section: Section; Icon: ComponentType }[] = [
  { section: 'datasources', Icon: StorageIcon },
  { section: 'datasets', Icon: TableChartIcon },
  { section: 'data-explorer', Icon: TerminalIcon },
  { section: 'aicharts', Icon: AutoAwesomeIcon },
  { section: 'dashboards', Icon: DashboardIcon },
  { section: 'users', Icon: PeopleIcon },
  { section: 'companies', Icon: BusinessIcon },
  { section: 'tokens', Icon: KeyIcon },
  { section: 'helpsections', Icon: HelpIcon },
];

/**
 * `/getting-started`: the account's checklist of first steps (each done or to do), then the
 * sections the signed-in user's role may use, each linking to its section.
 */
export default function GettingStarted() {
  const translate = useTranslate();
  const user = getStoredUser();
  if (!user) return null;
  // What is done is the checklist's to say, not a badge.
  const steps = STEPS.filter(({ section }) => canAccess(user.role, section, 'read'));
  return (
    <Paper component="section" sx={{ p: { xs: 2, md: 4 }, mt: 2, maxWidth: 900 }}>
      <Title title={translate('resources.getting-started.name', { smart_count: 1 })} />
      <Box component="h1" sx={{ typography: 'h5', mt: 0 }}>
        {translate('sections.gettingStarted.title', { name: user.fullName || user.username })}
      </Box>
      <Box component="p" sx={{ color: 'text.secondary' }}>
        {translate(`sections.gettingStarted.intro.${user.role}`)}
      </Box>
      <GettingStartedChecklist role={user.role} />
      <Box component="h2" sx={{ typography: 'h6', mt: 4, mb: 0 }}>
        {translate('sections.gettingStarted.sectionsTitle')}
      </Box>
      <List component="ol" aria-label={translate('sections.gettingStarted.stepsLabel')}>
        {steps.map(({ section, Icon }, index) => (
          <ListItem key={section} component="li">
            <ListItemIcon>
              <Icon />
            </ListItemIcon>
            <ListItemText
              primary={
                <Link component={RouterLink} to={`/${section}`} underline="hover">
                  {`${index + 1}. ${translate(`sections.gettingStarted.steps.${section}.title`)}`}
                </Link>
              }
              secondary={translate(`sections.gettingStarted.steps.${section}.text`)}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
