import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { localStorageStore } from 'react-admin';
import { LinearProgress } from '@mui/material';
import type { Localization } from '@mui/material/locale';
import {
  chooseLanguage,
  isLanguageCode,
  languageDirection,
  type LanguageCode,
  type TextDirection,
} from '../../../common/languages';
import { SESSION_KEYS, onSessionChange } from '../api/storageKeys';
import { useCompanyProfile } from '../brand/companyProfile';
import { translateText } from './i18nProvider';
import { ENGLISH_PACK, loadLanguagePack, type LanguagePack } from './languagePacks';

// Which language the app speaks (common/languages.ts chooseLanguage): the signed-in user's
// own, else the account's default (its company profile, also on the sign-in and public
// pages), else the browser's. The choice reaches react-admin through its store's `locale`
// (its I18nContextProvider then loads the messages), MUI through the theme (useActiveLanguage)
// and the document through <html lang>.

/** react-admin's store (pass it to <Admin store>): the locale is set here, outside <Admin>. */
export const appStore = localStorageStore();

interface ActiveLanguage {
  code: LanguageCode;
  direction: TextDirection;
  /** MUI's component texts of the language (empty until its pack arrived, and for English). */
  mui: Localization;
}

const ActiveLanguageContext = createContext<ActiveLanguage>({
  code: ENGLISH_PACK.code,
  direction: 'ltr',
  mui: ENGLISH_PACK.mui,
});

function readSessionUser(): string | null {
  return sessionStorage.getItem(SESSION_KEYS.user);
}

/** The signed-in user's own language, following sign-in, sign-out and profile changes. */
function useUserLanguage(): LanguageCode | null {
  const stored = useSyncExternalStore(onSessionChange, readSessionUser);
  return useMemo(() => {
    if (!stored) return null;
    try {
      const language = (JSON.parse(stored) as { language?: unknown }).language;
      return isLanguageCode(language) ? language : null;
    } catch {
      return null;
    }
  }, [stored]);
}

export function useChosenLanguage(): LanguageCode {
  const user = useUserLanguage();
  const { profile } = useCompanyProfile();
  return chooseLanguage({ user, account: profile?.language, browser: navigator.languages });
}

/**
 * Whether the app may first render: once the account's profile (its default language) is
 * known and the chosen language's messages have arrived. Rendering sooner would switch
 * language under a person already typing (react-admin remounts the app on a locale change).
 * Later changes (a user choosing another language) switch in place.
 */
function useFirstLanguageSettled(code: LanguageCode, pack: LanguagePack): boolean {
  const { loading } = useCompanyProfile();
  const [settled, setSettled] = useState(false);
  const ready = settled || (!loading && pack.code === code);
  useEffect(() => {
    if (ready) setSettled(true);
  }, [ready]);
  return ready;
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  const code = useChosenLanguage();
  // Set before <Admin> first renders, so it starts in this language instead of switching.
  useState(() => appStore.setItem('locale', code));
  const [pack, setPack] = useState<LanguagePack>(ENGLISH_PACK);
  const settled = useFirstLanguageSettled(code, pack);

  useEffect(() => {
    let current = true;
    appStore.setItem('locale', code);
    document.documentElement.lang = code;
    void loadLanguagePack(code).then((loaded) => {
      if (current) setPack(loaded);
    });
    return () => {
      current = false;
    };
  }, [code]);

  const value = useMemo(
    () => ({
      code,
      direction: languageDirection(code),
      mui: pack.code === code ? pack.mui : ENGLISH_PACK.mui,
    }),
    [code, pack],
  );
  return (
    <ActiveLanguageContext.Provider value={value}>
      {settled ? children : <LinearProgress aria-label={translateText('app.progress.loading')} />}
    </ActiveLanguageContext.Provider>
  );
}

/** The language the app speaks now, its direction and MUI's texts for it. */
export function useActiveLanguage(): ActiveLanguage {
  return useContext(ActiveLanguageContext);
}
