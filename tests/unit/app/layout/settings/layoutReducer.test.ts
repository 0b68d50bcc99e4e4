import { describe, expect, it } from 'vitest';
import { layoutReducer } from '../../../../../src/app/layout/settings/layoutReducer';
import {
  DEFAULT_LAYOUT_SETTINGS,
  defaultLayoutSettings,
  type LayoutSettings,
} from '../../../../../src/app/layout/settings/layoutSettings';

const SPEC_FIELDS = [
  'layout',
  'layoutType',
  'collapseMenu',
  'navIconColor',
  'headerBackColor',
  'navBackColor',
  'navBrandColor',
  'navBackImage',
  'rtlLayout',
  'navFixedLayout',
  'headerFixedLayout',
  'boxLayout',
  'navDropdownIcon',
  'navListIcon',
  'navActiveListColor',
  'navListTitleColor',
  'navListTitleHide',
  'layout6Background',
  'isOpen',
  'isTrigger',
];

const start = (): LayoutSettings => defaultLayoutSettings();

describe('layout settings defaults', () => {
  it('has a default for every field of spec §3', () => {
    expect(Object.keys(DEFAULT_LAYOUT_SETTINGS).sort()).toEqual([...SPEC_FIELDS].sort());
    for (const field of SPEC_FIELDS) {
      expect(DEFAULT_LAYOUT_SETTINGS[field as keyof LayoutSettings]).not.toBeUndefined();
    }
    expect(DEFAULT_LAYOUT_SETTINGS.layoutType).toBe('light');
    expect(DEFAULT_LAYOUT_SETTINGS.isOpen).toEqual([]);
  });
});

describe('layoutReducer', () => {
  it('collapse menu flips collapseMenu', () => {
    const once = layoutReducer(start(), { type: 'COLLAPSE_MENU' });
    expect(once.collapseMenu).toBe(true);
    expect(layoutReducer(once, { type: 'COLLAPSE_MENU' }).collapseMenu).toBe(false);
  });

  it('a sub menu toggles in and out of the open list, beside others', () => {
    let state = layoutReducer(start(), { type: 'TOGGLE_MENU', id: 'a', kind: 'sub' });
    state = layoutReducer(state, { type: 'TOGGLE_MENU', id: 'b', kind: 'sub' });
    expect(state.isOpen).toEqual(['a', 'b']);
    expect(state.isTrigger).toEqual(['a', 'b']);
    state = layoutReducer(state, { type: 'TOGGLE_MENU', id: 'a', kind: 'sub' });
    expect(state.isOpen).toEqual(['b']);
    expect(state.isTrigger).toEqual(['b']);
  });

  it('a top-level menu opens exclusively, or closes when open', () => {
    let state = layoutReducer(start(), { type: 'TOGGLE_MENU', id: 'x', kind: 'sub' });
    state = layoutReducer(state, { type: 'TOGGLE_MENU', id: 'analytics', kind: 'top' });
    expect(state.isOpen).toEqual(['analytics']);
    state = layoutReducer(state, { type: 'TOGGLE_MENU', id: 'data', kind: 'top' });
    expect(state.isOpen).toEqual(['data']);
    state = layoutReducer(state, { type: 'TOGGLE_MENU', id: 'data', kind: 'top' });
    expect(state.isOpen).toEqual([]);
    expect(state.isTrigger).toEqual([]);
  });

  it.each([
    ['NAV_ICON_COLOR', 'navIconColor'],
    ['RTL_LAYOUT', 'rtlLayout'],
    ['NAV_FIXED_LAYOUT', 'navFixedLayout'],
    ['BOX_LAYOUT', 'boxLayout'],
    ['NAV_LIST_TITLE_HIDE', 'navListTitleHide'],
  ] as const)('%s flips %s', (type, field) => {
    const before = start()[field];
    const once = layoutReducer(start(), { type });
    expect(once[field]).toBe(!before);
    expect(layoutReducer(once, { type })[field]).toBe(before);
  });

  it('fixing the header turns it blue and sets the brand colour; unfixing restores them', () => {
    const fixed = layoutReducer(start(), { type: 'HEADER_FIXED_LAYOUT' });
    expect(fixed.headerFixedLayout).toBe(true);
    expect(fixed.headerBackColor).toBe('header-blue');
    expect(fixed.navBrandColor).toBe('brand-blue');
    const unfixed = layoutReducer(fixed, { type: 'HEADER_FIXED_LAYOUT' });
    expect(unfixed.headerFixedLayout).toBe(false);
    expect(unfixed.headerBackColor).toBe(DEFAULT_LAYOUT_SETTINGS.headerBackColor);
    expect(unfixed.navBrandColor).toBe(DEFAULT_LAYOUT_SETTINGS.navBrandColor);
  });

  it('dark sets the light-blue active colour and dark nav and brand colours; light restores them', () => {
    const dark = layoutReducer(start(), { type: 'LAYOUT_TYPE', layoutType: 'dark' });
    expect(dark).toMatchObject({
      layoutType: 'dark',
      navActiveListColor: 'active-lightblue',
      navBackColor: 'navbar-dark',
      navBrandColor: 'brand-dark',
    });
    const light = layoutReducer(dark, { type: 'LAYOUT_TYPE', layoutType: 'light' });
    expect(light).toEqual({ ...start(), layoutType: 'light' });
    const menuDark = layoutReducer(dark, { type: 'LAYOUT_TYPE', layoutType: 'menu-dark' });
    expect(menuDark.navActiveListColor).toBe(DEFAULT_LAYOUT_SETTINGS.navActiveListColor);
  });

  it('sets a chosen value', () => {
    const state = layoutReducer(start(), {
      type: 'SET_CHOICE',
      field: 'navListIcon',
      value: 'dot',
    });
    expect(state.navListIcon).toBe('dot');
  });

  it('reset restores every default', () => {
    let state = start();
    for (const action of [
      { type: 'COLLAPSE_MENU' },
      { type: 'RTL_LAYOUT' },
      { type: 'BOX_LAYOUT' },
      { type: 'NAV_ICON_COLOR' },
      { type: 'NAV_FIXED_LAYOUT' },
      { type: 'NAV_LIST_TITLE_HIDE' },
      { type: 'HEADER_FIXED_LAYOUT' },
      { type: 'LAYOUT_TYPE', layoutType: 'dark' },
      { type: 'TOGGLE_MENU', id: 'a', kind: 'sub' },
      { type: 'SET_CHOICE', field: 'layout6Background', value: 'background-blue' },
    ] as const) {
      state = layoutReducer(state, action);
    }
    expect(state).not.toEqual(start());
    expect(layoutReducer(state, { type: 'RESET' })).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });
});
