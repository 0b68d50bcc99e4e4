import {
  DEFAULT_LAYOUT_SETTINGS,
  defaultLayoutSettings,
  type LayoutSettings,
  type LayoutType,
} from './layoutSettings';

// One reducer for every layout behaviour of spec §4. The window `resize` that a collapse
// fires is a side effect and lives in the provider's dispatch, not here.

export type MenuKind = 'sub' | 'top';

/** Settings the panel sets to a chosen value (colours, icons, images, layout). */
export type ChoiceField =
  | 'layout'
  | 'headerBackColor'
  | 'navBackColor'
  | 'navBrandColor'
  | 'navBackImage'
  | 'navDropdownIcon'
  | 'navListIcon'
  | 'navActiveListColor'
  | 'navListTitleColor'
  | 'layout6Background';

export type LayoutAction =
  | { type: 'COLLAPSE_MENU' }
  | { type: 'TOGGLE_MENU'; id: string; kind: MenuKind }
  | { type: 'CLOSE_MENUS' }
  | { type: 'NAV_ICON_COLOR' }
  | { type: 'RTL_LAYOUT' }
  | { type: 'NAV_FIXED_LAYOUT' }
  | { type: 'BOX_LAYOUT' }
  | { type: 'NAV_LIST_TITLE_HIDE' }
  | { type: 'HEADER_FIXED_LAYOUT' }
  | { type: 'LAYOUT_TYPE'; layoutType: LayoutType }
  | { type: 'SET_CHOICE'; field: ChoiceField; value: LayoutSettings[ChoiceField] }
  | { type: 'RESET' };

function toggleSubMenu(state: LayoutSettings, id: string): LayoutSettings {
  if (state.isTrigger.includes(id)) {
    return {
      ...state,
      isOpen: state.isOpen.filter((open) => open !== id),
      isTrigger: state.isTrigger.filter((trigger) => trigger !== id),
    };
  }
  return { ...state, isOpen: [...state.isOpen, id], isTrigger: [...state.isTrigger, id] };
}

/** A top-level menu opens alone (closing every other) or, when already open, closes. */
function toggleTopMenu(state: LayoutSettings, id: string): LayoutSettings {
  const wasOpen = state.isTrigger.includes(id);
  return { ...state, isOpen: wasOpen ? [] : [id], isTrigger: wasOpen ? [] : [id] };
}

/** Dark: light-blue active item, dark nav and brand. Any other type: their defaults. */
function changeLayoutType(state: LayoutSettings, layoutType: LayoutType): LayoutSettings {
  const dark = layoutType === 'dark';
  return {
    ...state,
    layoutType,
    navActiveListColor: dark ? 'active-lightblue' : DEFAULT_LAYOUT_SETTINGS.navActiveListColor,
    navBackColor: dark ? 'navbar-dark' : DEFAULT_LAYOUT_SETTINGS.navBackColor,
    navBrandColor: dark ? 'brand-dark' : DEFAULT_LAYOUT_SETTINGS.navBrandColor,
    navBackImage: DEFAULT_LAYOUT_SETTINGS.navBackImage,
    headerBackColor: DEFAULT_LAYOUT_SETTINGS.headerBackColor,
  };
}

/** A fixed header turns blue and the brand area beside it follows; unfixing restores both. */
function toggleFixedHeader(state: LayoutSettings): LayoutSettings {
  const fixed = !state.headerFixedLayout;
  return {
    ...state,
    headerFixedLayout: fixed,
    headerBackColor: fixed ? 'header-blue' : DEFAULT_LAYOUT_SETTINGS.headerBackColor,
    navBrandColor: fixed ? 'brand-blue' : DEFAULT_LAYOUT_SETTINGS.navBrandColor,
  };
}

export function layoutReducer(state: LayoutSettings, action: LayoutAction): LayoutSettings {
  switch (action.type) {
    case 'COLLAPSE_MENU':
      return { ...state, collapseMenu: !state.collapseMenu };
    case 'TOGGLE_MENU':
      return action.kind === 'sub'
        ? toggleSubMenu(state, action.id)
        : toggleTopMenu(state, action.id);
    case 'CLOSE_MENUS':
      return { ...state, isOpen: [], isTrigger: [] };
    case 'NAV_ICON_COLOR':
      return { ...state, navIconColor: !state.navIconColor };
    case 'RTL_LAYOUT':
      return { ...state, rtlLayout: !state.rtlLayout };
    case 'NAV_FIXED_LAYOUT':
      return { ...state, navFixedLayout: !state.navFixedLayout };
    case 'BOX_LAYOUT':
      return { ...state, boxLayout: !state.boxLayout };
    case 'NAV_LIST_TITLE_HIDE':
      return { ...state, navListTitleHide: !state.navListTitleHide };
    case 'HEADER_FIXED_LAYOUT':
      return toggleFixedHeader(state);
    case 'LAYOUT_TYPE':
      return changeLayoutType(state, action.layoutType);
    case 'SET_CHOICE':
      return { ...state, [action.field]: action.value };
    case 'RESET':
      return defaultLayoutSettings();
  }
}
