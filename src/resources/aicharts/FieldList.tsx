import { useState } from 'react';
import {
  Box,
  IconButton,
  List,
  ListItem,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { useTranslate } from 'react-admin';
import { FIELD_ROLES, type DatasetField } from '../../../common/analytics';
import { COUNT_ROWS, WELLS, dragProps, type Well } from './fieldDrag';

interface FieldListProps {
  fields: DatasetField[];
  onAdd: (well: Well, fieldName: string) => void;
}

/** One field: draggable, and a + button whose menu adds it to a well (keyboard path). */
function FieldRow({
  name,
  label,
  wells,
  onAdd,
}: {
  name: string;
  label: string;
  wells: Well[];
  onAdd: FieldListProps['onAdd'];
}) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <ListItem
      dense
      {...dragProps(name)}
      sx={{ cursor: 'grab' }}
      secondaryAction={
        <IconButton
          edge="end"
          size="small"
          aria-label={translate('charts.builder.addField', { field: label })}
          aria-haspopup="menu"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <AddIcon fontSize="small" />
        </IconButton>
      }
    >
      <DragIndicatorIcon fontSize="small" sx={{ mr: 1, color: 'text.disabled' }} />
      <ListItemText primary={label} secondary={label !== name ? name : undefined} />
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {wells.map((well) => (
          <MenuItem
            key={well}
            onClick={() => {
              setAnchor(null);
              onAdd(well, name);
            }}
          >
            {translate(`charts.builder.addTo.${well}`)}
          </MenuItem>
        ))}
      </Menu>
    </ListItem>
  );
}

/** The dataset's fields grouped by role (time, dimensions, measures), with their labels. */
export function FieldList({ fields, onAdd }: FieldListProps) {
  const translate = useTranslate();
  const order = ['time', 'dimension', 'measure'] as const;
  return (
    <Box component="nav" aria-label={translate('charts.builder.fields')}>
      {order
        .filter((role) => FIELD_ROLES.includes(role))
        .map((role) => {
          const ofRole = fields.filter((field) => field.role === role);
          return (
            <List
              key={role}
              dense
              subheader={
                <ListSubheader disableSticky>
                  {translate(`charts.builder.roles.${role}`)}
                </ListSubheader>
              }
            >
              {role === 'measure' && (
                <FieldRow
                  name={COUNT_ROWS}
                  label={translate('charts.builder.countRows')}
                  wells={['measures']}
                  onAdd={onAdd}
                />
              )}
              {ofRole.map((field) => (
                <FieldRow
                  key={field.name}
                  name={field.name}
                  label={field.label || field.name}
                  wells={WELLS}
                  onAdd={onAdd}
                />
              ))}
            </List>
          );
        })}
    </Box>
  );
}
