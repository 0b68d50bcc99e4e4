import { useActiveLanguage } from '../../ui/i18n/LanguageProvider';
import { useLayoutSettings } from './settings/LayoutSettingsProvider';

/** Whether the layout reads right-to-left: the language is (Arabic, Hebrew), or the setting is on. */
export function useRightToLeft(): boolean {
  const [{ rtlLayout }] = useLayoutSettings();
  const { direction } = useActiveLanguage();
  return rtlLayout || direction === 'rtl';
}
