import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { forwardRef } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { UserMenuAction } from '../../ui/UserMenuAction';
import { PROFILE_PATH } from '../../ui/navigation/paths';

/** "My profile" in the app bar's user menu. */
export const ProfileMenuItem = forwardRef<HTMLLIElement>(function ProfileMenuItem(props, ref) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <UserMenuAction
      ref={ref}
      {...props}
      icon={<AccountCircleIcon fontSize="small" />}
      label={translate('profile.menu')}
      onSelect={() => navigate(PROFILE_PATH)}
    />
  );
});
