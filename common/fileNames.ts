// Names of the files the product makes (exports, downloads): from a title, letters, digits
// and dashes only, so every system and mail client takes them as they are.

export function exportFileName(title: string, extension: string, fallback = 'chart'): string {
  const base = title
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || fallback}.${extension}`;
}
