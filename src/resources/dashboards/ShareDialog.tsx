import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Confirm, useTranslate } from 'react-admin';
import type { DashboardFilterValue } from '../../../common/charts';
import type { ShareLink } from '../../../common/api/shares';
import { listShareLinks, revokeShareLink, shareLinkAddress } from './shareLinksApi';
import { useCopyText } from '../../ui/useCopyText';
import { WholeLinkField } from '../../ui/WholeLinkField';
import { ShareLinkCreateForm } from './ShareLinkCreateForm';

interface ShareDialogProps {
  open: boolean;
  dashboardId: number;
  currentValues: DashboardFilterValue[];
  onClose: () => void;
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

/** The address of a new link, shown this once (the server keeps only its hash). */
function NewLinkNotice({ link }: { link: ShareLink }) {
  const translate = useTranslate();
  const copyText = useCopyText('dashboards.share.copied');
  const address = shareLinkAddress(link.url ?? '');
  return (
    <Alert severity="success" sx={{ my: 2 }}>
      <Typography variant="body2">{translate('dashboards.share.onlyOnce')}</Typography>
      <WholeLinkField label={translate('dashboards.share.address')} link={address} />
      <Button
        variant="contained"
        size="small"
        startIcon={<ContentCopyIcon />}
        onClick={() => void copyText(address)}
      >
        {translate('dashboards.share.copy')}
      </Button>
    </Alert>
  );
}

/** Share links of a dashboard: the list, a new link (its address shown once), revoking. */
export function ShareDialog({ open, dashboardId, currentValues, onClose }: ShareDialogProps) {
  const translate = useTranslate();
  const [created, setCreated] = useState<ShareLink | null>(null);
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  const queryClient = useQueryClient();
  const listKey = ['dashboardShareLinks', dashboardId];
  // Asked afresh each time the dialog opens (the answer is stale at once).
  const list = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => listShareLinks(dashboardId, signal),
    enabled: open,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const links = list.data ?? null;
  const reload = () => void queryClient.invalidateQueries({ queryKey: listKey });
  useEffect(() => {
    if (open) setCreated(null);
  }, [open]);

  const revocation = useMutation({
    mutationFn: (link: ShareLink) => revokeShareLink(dashboardId, link.id),
    onSuccess: (_answer, link) => {
      // A revoked link's address no longer opens anything: it is not offered for copying.
      setCreated((shown) => (shown?.id === link.id ? null : shown));
      reload();
    },
    onSettled: () => setRevoking(null),
  });
  const revoke = () => {
    if (revoking) revocation.mutate(revoking);
  };
  const loadError = list.error?.message ?? null;
  const revokeError = revocation.error?.message ?? null;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{translate('dashboards.share.title')}</DialogTitle>
      <DialogContent>
        <ShareLinkCreateForm
          dashboardId={dashboardId}
          currentValues={currentValues}
          onCreated={(link) => {
            setCreated(link);
            reload();
          }}
        />
        {created && <NewLinkNotice link={created} />}
        {loadError && <Alert severity="error">{loadError}</Alert>}
        {revokeError && <Alert severity="error">{revokeError}</Alert>}
        <Table size="small" aria-label={translate('dashboards.share.links')} sx={{ mt: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('dashboards.share.label')}</TableCell>
              <TableCell>{translate('dashboards.share.created')}</TableCell>
              <TableCell>{translate('dashboards.share.expires')}</TableCell>
              <TableCell>{translate('dashboards.share.revoked')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {links?.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>{translate('dashboards.share.none')}</TableCell>
              </TableRow>
            )}
            {links?.map((link) => (
              <TableRow key={link.id}>
                <TableCell>{link.label}</TableCell>
                <TableCell>{when(link.createdAt)}</TableCell>
                <TableCell>
                  {link.expiresAt ? when(link.expiresAt) : translate('dashboards.share.never')}
                </TableCell>
                <TableCell>{when(link.revokedAt)}</TableCell>
                <TableCell align="right">
                  {!link.revokedAt && (
                    <Button color="error" size="small" onClick={() => setRevoking(link)}>
                      {translate('dashboards.share.revoke')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
      <Confirm
        isOpen={revoking !== null}
        title="dashboards.share.revokeTitle"
        content="dashboards.share.revokeContent"
        translateOptions={{ label: revoking?.label ?? '' }}
        onConfirm={revoke}
        onClose={() => setRevoking(null)}
      />
    </Dialog>
  );
}
