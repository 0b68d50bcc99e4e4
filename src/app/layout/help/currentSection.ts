import { SECTIONS, type Section } from '../../../../common/sections';

/** The section of the product a path belongs to (`/dashboards/3` -> dashboards), if any. */
export function sectionOfPath(pathname: string): Section | null {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return (SECTIONS as readonly string[]).includes(first) ? (first as Section) : null;
}
