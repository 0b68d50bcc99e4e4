// Series colours: the tenant's brand colours first, then a fixed complementary palette.

/** Distinct, colour-blind-friendly hues that sit well next to most brand colours. */
export const COMPLEMENTARY_COLORS = [
  '#5470c6',
  '#91cc75',
  '#fac858',
  '#ee6666',
  '#73c0de',
  '#3ba272',
  '#fc8452',
  '#9a60b4',
  '#ea7ccc',
  '#7f7f7f',
];

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function normalise(color: string | undefined): string | null {
  if (!color || !HEX.test(color.trim())) return null;
  const hex = color.trim().toLowerCase();
  return hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
}

/** The brand's primary and secondary colours, then the complementary ones (no duplicates). */
export function brandPalette(primary?: string, secondary?: string): string[] {
  const brand = [normalise(primary), normalise(secondary)].filter(
    (color): color is string => color !== null,
  );
  const rest = COMPLEMENTARY_COLORS.filter((color) => !brand.includes(color));
  return [...new Set(brand), ...rest];
}
