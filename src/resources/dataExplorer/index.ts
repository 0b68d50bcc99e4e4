import TerminalIcon from '@mui/icons-material/Terminal';
import { lazyScreen } from '../../ui/navigation/lazyScreen';

// The data explorer (editors): SQL against a source. CodeMirror ships in this page's chunk
// only.

export const list = lazyScreen(() => import('./DataExplorerPage'));
export const icon = TerminalIcon;
