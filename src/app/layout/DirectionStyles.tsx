import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { useEffect, type ReactNode } from 'react';
import { useLayoutSettings } from './settings/LayoutSettingsProvider';

// Right-to-left needs more than `dir`: MUI's styles are written with physical sides (margins
// of list icons, button icons, drawer anchors), so with the `rtlLayout` setting on they are
// flipped as they are inserted (MUI's RTL guide), and the document itself reads RTL so that
// popovers and menus rendered outside the layout follow.

const ltrCache = createCache({ key: 'css-ltr' });
const rtlCache = createCache({ key: 'css-rtl', stylisPlugins: [rtlPlugin] });

export function DirectionStyles({ children }: { children: ReactNode }) {
  const [{ rtlLayout }] = useLayoutSettings();
  useEffect(() => {
    document.documentElement.dir = rtlLayout ? 'rtl' : 'ltr';
  }, [rtlLayout]);
  return <CacheProvider value={rtlLayout ? rtlCache : ltrCache}>{children}</CacheProvider>;
}
