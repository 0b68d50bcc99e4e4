import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Confirm, useTranslate } from 'react-admin';
import type { DashboardFilterValue } from '../../model/charts';
import type { ShareLink } from '../../model/api/shares';
import { listShareLinks, revokeShareLink, shareLinkAddress } from './shareLinksApi';
import { useCopyText } from '../../ui/useCopyText';
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
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}>
        <TextField
          size="small"
          fullWidth
          label={translate('dashboards.share.address')}
          value={address}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <IconButton
          aria-label={translate('dashboards.share.copy')}
          onClick={() => void copyText(address)}
        >
          <ContentCopyIcon />
        </IconButton>
      </Box>
    </Alert>
  );
}

/** Share links of a dashboard: the list, a new link (its address shown once), revoking. */
export function ShareDialog({ open, dashboardId, currentValues, onClose }: ShareDialogProps) {
  const translate = useTranslate();
  const [links, setLinks] = useState<ShareLink[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<ShareLink | null>(null);
  const [revoking, setRevoking] = useState<ShareLink | null>(null);

  const load = useCallback(() => {
    listShareLinks(dashboardId)
      .then(setLinks)
      .catch((caught: Error) => setError(caught.message));
  }, [dashboardId]);
  useEffect(() => {
    if (!open) return;
    setCreated(null);
    load();
  }, [open, load]);

  const revoke = async () => {
    if (!revoking) return;
    try {
      await revokeShareLink(dashboardId, revoking.id);
      // A revoked link's address no longer opens anything: it is not offered for copying.
      setCreated((shown) => (shown?.id === revoking.id ? null : shown));
      load();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
    setRevoking(null);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{translate('dashboards.share.title')}</DialogTitle>
      <DialogContent>
        <ShareLinkCreateForm
          dashboardId={dashboardId}
          currentValues={currentValues}
          onCreated={(link) => {
            setCreated(link);
            load();
          }}
        />
        {created && <NewLinkNotice link={created} />}
        {error && <Alert severity="error">{error}</Alert>}
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
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
      />
    </Dialog>
  );
}
