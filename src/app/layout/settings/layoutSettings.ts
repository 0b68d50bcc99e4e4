// Client layout settings (spec §3): every field with its default. Colours are named palette
// entries (see layoutPalette.ts) so the settings panel offers a fixed, tested set.

export const LAYOUT_TYPES = ['light', 'dark', 'menu-dark', 'menu-light'] as const;
export type LayoutType = (typeof LAYOUT_TYPES)[number];

export type ThemeName = 'light' | 'dark';

export const LAYOUTS = ['vertical', 'horizontal'] as const;
export type LayoutName = (typeof LAYOUTS)[number];

export const HEADER_COLORS = [
  'header-default',
  'header-blue',
  'header-red',
  'header-purple',
  'header-lightblue',
  'header-dark',
] as const;
export const NAV_COLORS = [
  'navbar-default',
  'navbar-blue',
  'navbar-red',
  'navbar-purple',
  'navbar-lightblue',
  'navbar-dark',
] as const;
export const BRAND_COLORS = [
  'brand-default',
  'brand-blue',
  'brand-red',
  'brand-purple',
  'brand-lightblue',
  'brand-dark',
] as const;
export const ACTIVE_COLORS = [
  'active-default',
  'active-blue',
  'active-red',
  'active-purple',
  'active-lightblue',
  'active-dark',
] as const;
export const TITLE_COLORS = [
  'title-default',
  'title-blue',
  'title-red',
  'title-purple',
  'title-lightblue',
  'title-dark',
] as const;
export const NAV_BACK_IMAGES = ['none', 'image-ocean', 'image-sunset', 'image-forest'] as const;
export const PAGE_BACKGROUNDS = [
  'plain',
  'background-blue',
  'background-purple',
  'background-grey',
] as const;
export const DROPDOWN_ICONS = ['arrow', 'chevron', 'plus'] as const;
export const LIST_ICONS = ['none', 'dot', 'circle', 'square'] as const;

export type HeaderColor = (typeof HEADER_COLORS)[number];
export type NavColor = (typeof NAV_COLORS)[number];
export type BrandColor = (typeof BRAND_COLORS)[number];
export type ActiveColor = (typeof ACTIVE_COLORS)[number];
export type TitleColor = (typeof TITLE_COLORS)[number];
export type NavBackImage = (typeof NAV_BACK_IMAGES)[number];
export type PageBackground = (typeof PAGE_BACKGROUNDS)[number];
export type DropdownIcon = (typeof DROPDOWN_ICONS)[number];
export type ListIcon = (typeof LIST_ICONS)[number];

export interface LayoutSettings {
  layout: LayoutName;
  layoutType: LayoutType;
  collapseMenu: boolean;
  navIconColor: boolean;
  headerBackColor: HeaderColor;
  navBackColor: NavColor;
  navBrandColor: BrandColor;
  navBackImage: NavBackImage;
  rtlLayout: boolean;
  navFixedLayout: boolean;
  headerFixedLayout: boolean;
  boxLayout: boolean;
  navDropdownIcon: DropdownIcon;
  navListIcon: ListIcon;
  navActiveListColor: ActiveColor;
  navListTitleColor: TitleColor;
  navListTitleHide: boolean;
  layout6Background: PageBackground;
  /** Ids of the menus whose items are shown. */
  isOpen: string[];
  /** Ids of the menus the user triggered (opened by a click). */
  isTrigger: string[];
}

export const DEFAULT_LAYOUT_SETTINGS: Readonly<LayoutSettings> = Object.freeze({
  layout: 'vertical',
  layoutType: 'light',
  collapseMenu: false,
  navIconColor: false,
  headerBackColor: 'header-default',
  navBackColor: 'navbar-default',
  navBrandColor: 'brand-default',
  navBackImage: 'none',
  rtlLayout: false,
  navFixedLayout: true,
  headerFixedLayout: false,
  boxLayout: false,
  navDropdownIcon: 'arrow',
  navListIcon: 'none',
  navActiveListColor: 'active-default',
  navListTitleColor: 'title-default',
  navListTitleHide: false,
  layout6Background: 'plain',
  isOpen: [],
  isTrigger: [],
} satisfies LayoutSettings);

export function defaultLayoutSettings(): LayoutSettings {
  return { ...DEFAULT_LAYOUT_SETTINGS, isOpen: [], isTrigger: [] };
}

/** The MUI palette mode of a layout type: only `dark` darkens the page. */
export function themeOf(layoutType: LayoutType): ThemeName {
  return layoutType === 'dark' ? 'dark' : 'light';
}
