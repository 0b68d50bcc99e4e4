import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { useEffect, type ReactNode } from 'react';
import { useRightToLeft } from './useRightToLeft';

// Right-to-left needs more than `dir`: MUI's styles are written with physical sides (margins
// of list icons, button icons, drawer anchors), so in a right-to-left language or with the
// `rtlLayout` setting on they are flipped as they are inserted (MUI's RTL guide), and the document itself reads RTL so that
// popovers and menus rendered outside the layout follow.

const ltrCache = createCache({ key: 'css-ltr' });
const rtlCache = createCache({ key: 'css-rtl', stylisPlugins: [rtlPlugin] });

export function DirectionStyles({ children }: { children: ReactNode }) {
  const rightToLeft = useRightToLeft();
  useEffect(() => {
    document.documentElement.dir = rightToLeft ? 'rtl' : 'ltr';
  }, [rightToLeft]);
  return <CacheProvider value={rightToLeft ? rtlCache : ltrCache}>{children}</CacheProvider>;
}
