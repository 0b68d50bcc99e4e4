import { Box, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useEffect, type ReactNode } from 'react';
import { Layout, Sidebar, useSidebarState, type SidebarProps } from 'react-admin';
import { AppBar } from './AppBar';
import { Brand } from '../../ui/brand/Brand';
import { HorizontalMenu } from './menu/HorizontalMenu';
import { Menu } from './Menu';
import { LayoutErrorPage } from './RenderErrorBoundary';
import { brandColor, menuBackground, navBackImage, pageBackground } from './settings/layoutPalette';
import { useRightToLeft } from './useRightToLeft';
import { useLayoutSettings } from './settings/LayoutSettingsProvider';

/** Keeps react-admin's sidebar state in step with collapseMenu (desktop only: phones use a drawer). */
function useSidebarFollowsCollapse() {
  const [{ collapseMenu }] = useLayoutSettings();
  const [, setSidebarOpen] = useSidebarState();
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  useEffect(() => {
    if (!isXSmall) setSidebarOpen(!collapseMenu);
  }, [collapseMenu, isXSmall, setSidebarOpen]);
}

const OWN_DIRECTION_TEXT =
  '& .MuiTablePagination-displayedRows, & .MuiTablePagination-selectLabel, & [data-testid="brand-home"] .MuiTypography-noWrap';

const DIGIT_INPUTS = '& input[type="date"], & input[type="number"], & input[type="datetime-local"]';

/** The sidebar in the layout settings' colours, with the brand area at its top. */
function AppSidebar({ children, ...rest }: SidebarProps) {
  const [settings] = useLayoutSettings();
  if (settings.layout === 'horizontal') return null;
  const background = menuBackground(settings);
  const image = navBackImage(settings.navBackImage);
  const brandBackground = brandColor(settings.navBrandColor) ?? background;
  const fixedClass = '& .RaSidebar-fixed';
  return (
    <Sidebar
      {...rest}
      data-nav-fixed={settings.navFixedLayout}
      sx={{
        '& .MuiDrawer-paper': {
          bgcolor: background ?? 'background.paper',
          backgroundImage: image ?? 'none',
        },
        // A fixed box is as wide as its widest line (a group title in capitals with its letter
        // spacing): held to the drawer's width, it cannot reach over the page in either direction.
        [fixedClass]: settings.navFixedLayout
          ? { width: 'inherit' }
          : { position: 'static', height: 'auto', width: 'inherit' },
      }}
    >
      <Box
        data-testid="sidebar-brand"
        sx={{
          display: settings.collapseMenu ? 'none' : 'flex',
          alignItems: 'center',
          px: 2,
          py: 1.5,
          bgcolor: brandBackground ?? 'transparent',
          color: brandBackground ? '#fff' : 'text.primary',
        }}
      >
        <Brand logoHeight={28} />
      </Box>
      {children}
    </Sidebar>
  );
}

/** react-admin Layout with our app bar, sidebar, menu and error page, driven by the layout settings. */
export function AppLayout({ children }: { children?: ReactNode }) {
  const [settings] = useLayoutSettings();
  const rightToLeft = useRightToLeft();
  useSidebarFollowsCollapse();
  const background = pageBackground(settings.layout6Background);
  return (
    <Box
      dir={rightToLeft ? 'rtl' : 'ltr'}
      data-testid="app-layout"
      data-box-layout={settings.boxLayout}
      sx={{
        backgroundImage: background ?? 'none',
        ...(settings.boxLayout ? { maxWidth: 1280, mx: 'auto', boxShadow: 3 } : {}),
        // a list wider than a phone scrolls inside its own box, not the whole page
        // (react-admin's layout is at least as wide as its content: a wide table widened the page)
        '& > .layout, & .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': {
          minWidth: 0,
        },
        '& .RaList-main': { minWidth: 0 },
        '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
        // dates and numbers typed in a right-to-left page keep their digits' order
        ...(rightToLeft ? { [DIGIT_INPUTS]: { direction: 'ltr' } } : {}),
        // Left-to-right sentences in a right-to-left page ("1-5 of 5", "Rows per page:", a
        // hint ending in a full stop, a long company name cut short) take their own text's
        // direction, so their numbers and punctuation stay where they were written.
        ...(rightToLeft
          ? {
              [OWN_DIRECTION_TEXT]: { unicodeBidi: 'plaintext' },
              // an English hint reads left to right yet stays on the right, under its field
              '& .MuiFormHelperText-root': { unicodeBidi: 'plaintext', textAlign: 'end' },
            }
          : {}),
      }}
    >
      <Layout
        appBar={AppBar}
        appBarAlwaysOn={settings.headerFixedLayout}
        sidebar={AppSidebar}
        menu={Menu}
        error={LayoutErrorPage}
      >
        {settings.layout === 'horizontal' && <HorizontalMenu />}
        {children}
      </Layout>
    </Box>
  );
}
