import type { ChoiceField } from './layoutReducer';
import {
  ACTIVE_COLORS,
  BRAND_COLORS,
  DROPDOWN_ICONS,
  HEADER_COLORS,
  LAYOUTS,
  LIST_ICONS,
  NAV_BACK_IMAGES,
  NAV_COLORS,
  PAGE_BACKGROUNDS,
  TITLE_COLORS,
} from './layoutSettings';

// What the settings panel offers for each chosen-value field, with the i18n key of each label.

interface Choice {
  value: string;
  labelKey: string;
}

const suffix = (value: string) => value.slice(value.indexOf('-') + 1);

const colorChoices = (values: readonly string[]): Choice[] =>
  values.map((value) => ({ value, labelKey: `app.settings.colors.${suffix(value)}` }));

export const SETTING_CHOICES: Record<ChoiceField, Choice[]> = {
  layout: LAYOUTS.map((value) => ({
    value,
    labelKey:
      value === 'vertical' ? 'app.settings.layoutVertical' : 'app.settings.layoutHorizontal',
  })),
  headerBackColor: colorChoices(HEADER_COLORS),
  navBackColor: colorChoices(NAV_COLORS),
  navBrandColor: colorChoices(BRAND_COLORS),
  navActiveListColor: colorChoices(ACTIVE_COLORS),
  navListTitleColor: colorChoices(TITLE_COLORS),
  navBackImage: NAV_BACK_IMAGES.map((value) => ({
    value,
    labelKey: `app.settings.images.${value === 'none' ? 'none' : suffix(value)}`,
  })),
  layout6Background: PAGE_BACKGROUNDS.map((value) => ({
    value,
    labelKey: `app.settings.backgrounds.${value === 'plain' ? 'plain' : suffix(value)}`,
  })),
  navDropdownIcon: DROPDOWN_ICONS.map((value) => ({
    value,
    labelKey: `app.settings.iconStyles.${value}`,
  })),
  navListIcon: LIST_ICONS.map((value) => ({ value, labelKey: `app.settings.iconStyles.${value}` })),
};
