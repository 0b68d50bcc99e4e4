import { forwardRef } from 'react';
import { useTranslate, useUserMenu } from 'react-admin';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { useNavigate } from 'react-router-dom';
import { PROFILE_PATH } from '../../routing/paths';

/** "My profile" in the app bar's user menu. */
export const ProfileMenuItem = forwardRef<HTMLLIElement>(function ProfileMenuItem(props, ref) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const userMenu = useUserMenu();
  return (
    <MenuItem
      ref={ref}
      {...props}
      onClick={() => {
        userMenu?.onClose();
        navigate(PROFILE_PATH);
      }}
    >
      <ListItemIcon>
        <AccountCircleIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('profile.menu')}</ListItemText>
    </MenuItem>
  );
});
