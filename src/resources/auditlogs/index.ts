import HistoryIcon from '@mui/icons-material/History';
import { lazyScreen } from '../../ui/navigation/lazyScreen';

// The audit log of administrative actions (admins: their account; platform admins: all).
// Read only: entries are written by the server (server/plugins/audit.ts).

export const list = lazyScreen(() => import('./AuditLogList'));
export const show = lazyScreen(() => import('./AuditLogShow'));
export const icon = HistoryIcon;
export const recordRepresentation = 'action';
