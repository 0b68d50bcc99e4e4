import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Box, TextField } from '@mui/material';
import { browserNavigation } from '../../ui/api/browserNavigation';
import { currentSite, siteHostUrl } from '../../ui/session/currentSite';
import { FormSubmit } from '../../ui/publicPage/FormSubmit';
import { LoadingCard } from '../../ui/publicPage/LoadingCard';
import { PublicCard } from '../../ui/publicPage/PublicCard';
import { validateNewPassword, type PasswordErrors } from './passwordForm';
import type { InvitationDetails } from '../../../common/api/invitations';
import { failedWith, fetchInvitation } from '../publicApi';
import { useSignInWithNewPassword } from './useSignInWithNewPassword';

/** Marks a page moved to the invitation's own host once, so it never moves in a loop. */
const MOVED_PARAM = 'moved';

/** The message page of a refused invitation: used (409), expired (410) or unknown. */
function refusedInvitationPage(error: unknown): string {
  if (failedWith(error, 409)) return '/messages/invitation/used';
  if (failedWith(error, 410)) return '/messages/invitation/expired';
  return '/messages/invitation/unknown';
}

/** Why the server refused a submit, as an i18n key. */
function refusalKey(error: unknown): string {
  if (failedWith(error, 404) || failedWith(error, 410)) {
    return 'platform.createPassword.invalidLink';
  }
  if (failedWith(error, 409)) return 'platform.createPassword.alreadySet';
  return 'platform.createPassword.failed';
}

/** Opens the same link on the invited user's own site, where they can then be signed in. */
function MoveToOwnSite({ site, id }: { site: string; id: string }) {
  useEffect(() => {
    const path = `/create-password/${encodeURIComponent(id)}?${MOVED_PARAM}`;
    browserNavigation.assign(siteHostUrl(site, path));
  }, [site, id]);
  return <LoadingCard />;
}

/**
 * /create-password/:id, the link of a single-use invitation: checked on load (a used, expired
 * or unknown link goes to its message page) and opened on the user's own site (a new
 * account's registrant arrives on the platform's host); the invited user sets a password and
 * is signed in.
 */
export default function CreatePasswordPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const invitation = useQuery({
    queryKey: ['publicInvitation', id],
    queryFn: () => fetchInvitation(id),
    retry: false,
  });
  if (invitation.isPending) return <LoadingCard />;
  if (invitation.isError) {
    return <Navigate to={refusedInvitationPage(invitation.error)} replace />;
  }
  if (invitation.data.site !== currentSite() && !search.has(MOVED_PARAM)) {
    return <MoveToOwnSite site={invitation.data.site} id={id} />;
  }
  return <CreatePasswordForm invitationId={id} invitation={invitation.data} />;
}

function CreatePasswordForm({
  invitationId,
  invitation,
}: {
  invitationId: string;
  invitation: InvitationDetails;
}) {
  const translate = useTranslate();
  const signIn = useSignInWithNewPassword(invitationId, invitation);

  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateNewPassword(password, confirm);
    setErrors(found);
    setFailure(null);
    if (found.password || found.confirm) return;
    setSubmitting(true);
    try {
      await signIn(password);
    } catch (error) {
      setFailure(refusalKey(error));
      setSubmitting(false);
    }
  }

  const title = translate('platform.createPassword.title');
  return (
    <PublicCard title={title}>
      <Box component="p" sx={{ typography: 'body2', color: 'text.secondary', mt: 0 }}>
        {translate('platform.createPassword.forUser', invitation)}
      </Box>
      <form onSubmit={submit} noValidate aria-label={title}>
        <TextField
          name="password"
          type="password"
          label={translate('platform.createPassword.password')}
          autoComplete="new-password"
          autoFocus
          fullWidth
          margin="normal"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors((current) => ({ ...current, password: undefined }));
          }}
          error={Boolean(errors.password)}
          helperText={translate(errors.password ?? 'platform.createPassword.hint')}
        />
        <TextField
          name="confirm"
          type="password"
          label={translate('platform.createPassword.confirm')}
          autoComplete="new-password"
          fullWidth
          margin="normal"
          value={confirm}
          onChange={(event) => {
            setConfirm(event.target.value);
            setErrors((current) => ({ ...current, confirm: undefined }));
          }}
          error={Boolean(errors.confirm)}
          helperText={errors.confirm ? translate(errors.confirm) : ' '}
        />
        <FormSubmit
          label={translate('platform.createPassword.submit')}
          submitting={submitting}
          error={failure && translate(failure)}
        />
      </form>
    </PublicCard>
  );
}
