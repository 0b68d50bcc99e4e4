import type {
  ActiveColor,
  BrandColor,
  HeaderColor,
  LayoutSettings,
  NavBackImage,
  NavColor,
  PageBackground,
  TitleColor,
} from './layoutSettings';

// CSS values of the named layout colours. `null` means "follow the MUI theme" (the default
// entries), so the default look adapts to light and dark and to the company's brand colour.

const SWATCHES = {
  blue: '#04a9f5',
  red: '#f44236',
  purple: '#7759de',
  lightblue: '#3ebfea',
  dark: '#23272e',
} as const;

type Swatch = keyof typeof SWATCHES;

function swatchOf(name: string): string | null {
  const key = name.slice(name.indexOf('-') + 1) as Swatch;
  return SWATCHES[key] ?? null;
}

export const headerColor = (name: HeaderColor): string | null => swatchOf(name);
const navColor = (name: NavColor): string | null => swatchOf(name);
export const brandColor = (name: BrandColor): string | null => swatchOf(name);
export const activeColor = (name: ActiveColor): string | null => swatchOf(name);
export const titleColor = (name: TitleColor): string | null => swatchOf(name);

const NAV_IMAGES: Record<NavBackImage, string | null> = {
  none: null,
  'image-ocean': 'linear-gradient(160deg, rgba(4,169,245,0.35), rgba(35,39,46,0.1) 60%)',
  'image-sunset': 'linear-gradient(160deg, rgba(244,66,54,0.3), rgba(119,89,222,0.2) 70%)',
  'image-forest': 'linear-gradient(160deg, rgba(46,125,50,0.35), rgba(35,39,46,0.1) 65%)',
};

const PAGE_BACKGROUNDS: Record<PageBackground, string | null> = {
  plain: null,
  'background-blue': 'linear-gradient(180deg, rgba(4,169,245,0.12), transparent 320px)',
  'background-purple': 'linear-gradient(180deg, rgba(119,89,222,0.12), transparent 320px)',
  'background-grey': 'linear-gradient(180deg, rgba(120,120,120,0.12), transparent 320px)',
};

export const navBackImage = (name: NavBackImage): string | null => NAV_IMAGES[name];
export const pageBackground = (name: PageBackground): string | null => PAGE_BACKGROUNDS[name];

/** Whether the menu surface is dark: a chosen dark colour, else the layout type's. */
export function isDarkMenu(settings: LayoutSettings): boolean {
  if (settings.navBackColor !== 'navbar-default') return true;
  return settings.layoutType === 'dark' || settings.layoutType === 'menu-dark';
}

/** The menu's background: the chosen colour, else dark for dark menus, else the theme's paper. */
export function menuBackground(settings: LayoutSettings): string | null {
  const chosen = navColor(settings.navBackColor);
  if (chosen) return chosen;
  return settings.layoutType === 'menu-dark' ? SWATCHES.dark : null;
}
