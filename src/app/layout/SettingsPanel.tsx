import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  Divider,
  Drawer,
  FormControl,
  FormControlLabel,
  IconButton,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ChoiceField, LayoutAction } from './settings/layoutReducer';
import { LAYOUT_TYPES, type LayoutSettings, type LayoutType } from './settings/layoutSettings';
import { useRightToLeft } from './useRightToLeft';
import { useLayoutSettings } from './settings/LayoutSettingsProvider';
import { SETTING_CHOICES } from './settings/settingChoices';

type ToggleField =
  | 'collapseMenu'
  | 'navIconColor'
  | 'rtlLayout'
  | 'navFixedLayout'
  | 'headerFixedLayout'
  | 'boxLayout'
  | 'navListTitleHide';

const TOGGLES: Record<ToggleField, LayoutAction> = {
  collapseMenu: { type: 'COLLAPSE_MENU' },
  navIconColor: { type: 'NAV_ICON_COLOR' },
  rtlLayout: { type: 'RTL_LAYOUT' },
  navFixedLayout: { type: 'NAV_FIXED_LAYOUT' },
  headerFixedLayout: { type: 'HEADER_FIXED_LAYOUT' },
  boxLayout: { type: 'BOX_LAYOUT' },
  navListTitleHide: { type: 'NAV_LIST_TITLE_HIDE' },
};

const CHOICE_FIELDS: ChoiceField[] = [
  'layout',
  'headerBackColor',
  'navBackColor',
  'navBrandColor',
  'navBackImage',
  'navActiveListColor',
  'navListTitleColor',
  'navDropdownIcon',
  'navListIcon',
  'layout6Background',
];

function ChoiceSelect({ field }: { field: ChoiceField }) {
  const translate = useTranslate();
  const [settings, dispatch] = useLayoutSettings();
  const id = `layout-setting-${field}`;
  return (
    <FormControl size="small" fullWidth>
      <InputLabel id={`${id}-label`}>{translate(`app.settings.${field}`)}</InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        label={translate(`app.settings.${field}`)}
        value={settings[field]}
        onChange={(event) =>
          dispatch({
            type: 'SET_CHOICE',
            field,
            value: event.target.value as LayoutSettings[ChoiceField],
          })
        }
      >
        {SETTING_CHOICES[field].map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {translate(choice.labelKey)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** A drawer where the user changes every layout setting of spec §3, or resets them all. */
export function SettingsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const [settings, dispatch] = useLayoutSettings();
  const rightToLeft = useRightToLeft();
  return (
    <Drawer anchor={rightToLeft ? 'left' : 'right'} open={open} onClose={onClose}>
      <Box sx={{ width: 320, p: 2 }} role="region" aria-label={translate('app.settings.title')}>
        <Stack direction="row" sx={{ mb: 2, alignItems: 'center' }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            {translate('app.settings.title')}
          </Typography>
          <IconButton aria-label={translate('app.settings.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <Stack spacing={2}>
          <FormControl size="small" fullWidth>
            <InputLabel id="layout-setting-layoutType-label">
              {translate('app.settings.layoutType')}
            </InputLabel>
            <Select
              labelId="layout-setting-layoutType-label"
              id="layout-setting-layoutType"
              label={translate('app.settings.layoutType')}
              value={settings.layoutType}
              onChange={(event) =>
                dispatch({ type: 'LAYOUT_TYPE', layoutType: event.target.value as LayoutType })
              }
            >
              {LAYOUT_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {translate(`app.settings.layoutTypes.${type}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Divider />
          {(Object.keys(TOGGLES) as ToggleField[]).map((field) => (
            <FormControlLabel
              key={field}
              control={
                <Switch checked={settings[field]} onChange={() => dispatch(TOGGLES[field])} />
              }
              label={translate(`app.settings.${field}`)}
            />
          ))}
          <Divider />
          {CHOICE_FIELDS.map((field) => (
            <ChoiceSelect key={field} field={field} />
          ))}
          <Button variant="outlined" onClick={() => dispatch({ type: 'RESET' })}>
            {translate('app.settings.reset')}
          </Button>
        </Stack>
      </Box>
    </Drawer>
  );
}
