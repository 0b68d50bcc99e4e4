import { useQueryClient } from '@tanstack/react-query';
import { useAuthProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { browserNavigation } from '../../ui/api/browserNavigation';
import { getStoredUser } from '../../ui/session/authProvider';
import { currentSite } from '../../ui/session/currentSite';
import { defaultLandingFor, LOGIN_PATH } from '../../ui/navigation/paths';
import type { InvitationDetails } from '../../../common/api/invitations';
import { createPassword, verifyAndRedirectAccount } from '../publicApi';

/**
 * "Create password and sign in": sets the invited user's password, then signs them in on
 * this host and opens their landing page. On another site's host (sign-in sessions belong to
 * a host) it goes to that site's sign-in page instead, as verifyAndRedirectAccount answers.
 */
export function useSignInWithNewPassword(invitationId: string, invitation: InvitationDetails) {
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return async (password: string) => {
    await createPassword(invitationId, password);
    if (invitation.site !== currentSite() || !authProvider) {
      const { redirectUrl } = await verifyAndRedirectAccount(invitationId);
      browserNavigation.assign(redirectUrl);
      return;
    }
    try {
      await authProvider.login({ username: invitation.username, password });
    } catch {
      // The password is set: the sign-in page says what stops the sign-in (a throttle, say).
      navigate(LOGIN_PATH, { replace: true });
      return;
    }
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
    const user = getStoredUser();
    navigate(user ? defaultLandingFor(user.role) : '/', { replace: true });
  };
}
