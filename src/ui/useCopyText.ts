import { useNotify } from 'react-admin';

/**
 * Copies text to the clipboard and says so (`copiedMessage`), or says that copying failed
 * (the clipboard needs a secure context and the user's permission).
 */
export function useCopyText(copiedMessage = 'platform.common.copied') {
  const notify = useNotify();
  return async (text: string | null | undefined) => {
    if (!text) return;
    try {
      await navigator.clipboard.writeText(text);
      notify(copiedMessage, { type: 'info' });
    } catch {
      notify('platform.common.copyFailed', { type: 'warning' });
    }
  };
}
