import type { LayoutSettings } from '../settings/layoutSettings';
import { activeColor, isDarkMenu, titleColor } from '../settings/layoutPalette';

/** Distinct icon colours for "coloured menu icons" (navIconColor), cycled by position. */
const ICON_COLORS = ['#04a9f5', '#1de9b6', '#f4c22b', '#f44236', '#7759de', '#3ebfea', '#ff9800'];

export function iconColorAt(index: number): string {
  return ICON_COLORS[index % ICON_COLORS.length];
}

/** Colours the menu uses, resolved from the settings; null leaves the theme's. */
export function menuColors(settings: LayoutSettings) {
  const dark = isDarkMenu(settings);
  return {
    text: dark ? 'rgba(255,255,255,0.85)' : null,
    active: activeColor(settings.navActiveListColor),
    title: titleColor(settings.navListTitleColor) ?? (dark ? 'rgba(255,255,255,0.6)' : null),
  };
}

export const LIST_MARKERS: Record<LayoutSettings['navListIcon'], string | null> = {
  none: null,
  dot: '•',
  circle: '○',
  square: '▪',
};
