import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
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
  // The session's cached profile paints at once; only a missing one is asked of the server.
  const query = useQuery({
    queryKey: ['companyProfile'],
    queryFn: loadCompanyProfile,
    initialData: () => getCachedProfile() ?? undefined,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const profile = query.data ?? null;
  const loading = query.isFetching;

  useEffect(() => {
    document.title = tabTitle(profile, translateText);
  }, [profile]);

  const { refetch } = query;
  const reload = useCallback(() => {
    clearCompanyProfileCache();
    void refetch();
  }, [refetch]);

  const value = useMemo(() => ({ profile, loading, reload }), [profile, loading, reload]);
  return <CompanyProfileContext.Provider value={value}>{children}</CompanyProfileContext.Provider>;
}

export function useCompanyProfile(): CompanyProfileState {
  const value = useContext(CompanyProfileContext);
  if (!value) throw new Error('useCompanyProfile() must be used inside <CompanyProfileProvider>');
  return value;
}
