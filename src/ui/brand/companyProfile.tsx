import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { translateText } from '../i18n/i18nProvider';
import {
  clearCompanyProfileCache,
  getCachedProfile,
  loadCompanyProfile,
  tabTitle,
  type BrandProfile,
} from './companyProfileStore';

export {
  PRODUCT_NAME,
  normalizeWebsite,
  clearCompanyProfileCache,
  type BrandProfile,
} from './companyProfileStore';

interface CompanyProfileState {
  profile: BrandProfile | null;
  loading: boolean;
  /** Drops the cache and fetches again (after the profile was edited). */
  reload: () => void;
}

const CompanyProfileContext = createContext<CompanyProfileState | null>(null);

export function CompanyProfileProvider({ children }: { children: ReactNode }) {
  const [profile, setProfile] = useState<BrandProfile | null>(getCachedProfile);
  const [loading, setLoading] = useState(profile === null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    loadCompanyProfile().then((loaded) => {
      if (!current) return;
      setProfile(loaded);
      setLoading(false);
    });
    return () => {
      current = false;
    };
  }, [generation]);

  useEffect(() => {
    document.title = tabTitle(profile, translateText);
  }, [profile]);

  const reload = useCallback(() => {
    clearCompanyProfileCache();
    setLoading(true);
    setGeneration((n) => n + 1);
  }, []);

  const value = useMemo(() => ({ profile, loading, reload }), [profile, loading, reload]);
  return <CompanyProfileContext.Provider value={value}>{children}</CompanyProfileContext.Provider>;
}

export function useCompanyProfile(): CompanyProfileState {
  const value = useContext(CompanyProfileContext);
  if (!value) throw new Error('useCompanyProfile() must be used inside <CompanyProfileProvider>');
  return value;
}
