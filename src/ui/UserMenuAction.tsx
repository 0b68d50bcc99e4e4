import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { forwardRef, type ReactNode } from 'react';
import { useUserMenu } from 'react-admin';

/** An entry of the app bar's user menu: closes the menu, then does its action. */
export const UserMenuAction = forwardRef<
  HTMLLIElement,
  { icon: ReactNode; label: string; onSelect: () => void }
>(function UserMenuAction({ icon, label, onSelect, ...props }, ref) {
  const userMenu = useUserMenu();
  return (
    <MenuItem
      ref={ref}
      {...props}
      onClick={() => {
        userMenu?.onClose();
        onSelect();
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
});
