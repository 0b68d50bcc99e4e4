import { Collapse, List, ListItemButton, ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Section } from '../../../../common/sections';
import { useLayoutSettings } from '../settings/LayoutSettingsProvider';
import type { MenuGroup, MenuSubGroup } from './menuGroups';
import { MenuEntry } from './MenuEntry';
import { MenuToggleIcon } from './MenuToggleIcon';
import { menuColors } from './menuStyle';

function GroupHeader({
  id,
  labelKey,
  kind,
  depth,
}: {
  id: string;
  labelKey: string;
  kind: 'top' | 'sub';
  depth: number;
}) {
  const translate = useTranslate();
  const [settings, dispatch] = useLayoutSettings();
  const open = settings.isOpen.includes(id);
  const colors = menuColors(settings);
  return (
    <ListItemButton
      aria-expanded={open}
      aria-controls={`menu-${id}`}
      data-menu-group={id}
      onClick={() => dispatch({ type: 'TOGGLE_MENU', id, kind })}
      sx={{
        paddingInlineStart: 2 + depth * 2,
        paddingInlineEnd: 2,
        color: colors.title ?? 'text.secondary',
      }}
    >
      <ListItemText
        primary={translate(labelKey)}
        slotProps={{
          primary: {
            variant: kind === 'top' ? 'overline' : 'body2',
            noWrap: true,
            sx: { fontWeight: 600, lineHeight: 1.8 },
          },
        }}
      />
      <MenuToggleIcon style={settings.navDropdownIcon} open={open} />
    </ListItemButton>
  );
}

function Entries({
  sections,
  start,
  depth,
}: {
  sections: Section[];
  start: number;
  depth: number;
}) {
  return (
    <>
      {sections.map((section, i) => (
        <MenuEntry key={section} section={section} index={start + i} depth={depth} />
      ))}
    </>
  );
}

function SubGroup({ sub, start }: { sub: MenuSubGroup; start: number }) {
  const [settings] = useLayoutSettings();
  return (
    <>
      <GroupHeader id={sub.id} labelKey={sub.labelKey} kind="sub" depth={1} />
      <Collapse in={settings.isOpen.includes(sub.id)} unmountOnExit>
        <List id={`menu-${sub.id}`} disablePadding>
          <Entries sections={sub.sections} start={start} depth={2} />
        </List>
      </Collapse>
    </>
  );
}

/**
 * A group of the menu. With titles shown it is a top-level menu that opens exclusively; with
 * titles hidden (navListTitleHide) or the menu collapsed to icons, its entries show flat.
 */
export function MenuGroupList({ group, start }: { group: MenuGroup; start: number }) {
  const [settings] = useLayoutSettings();
  const subStart = start + group.sections.length;
  const allSections = [
    ...group.sections,
    ...(group.subGroups ?? []).flatMap((sub) => sub.sections),
  ];
  if (settings.navListTitleHide || settings.collapseMenu) {
    return <Entries sections={allSections} start={start} depth={0} />;
  }
  return (
    <>
      <GroupHeader id={group.id} labelKey={group.labelKey} kind="top" depth={0} />
      <Collapse in={settings.isOpen.includes(group.id)} unmountOnExit>
        <List id={`menu-${group.id}`} disablePadding>
          <Entries sections={group.sections} start={start} depth={1} />
          {(group.subGroups ?? []).map((sub) => (
            <SubGroup key={sub.id} sub={sub} start={subStart} />
          ))}
        </List>
      </Collapse>
    </>
  );
}
