import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

/** The text of each page of `pdf` (written to `file`), in order, as pdftotext reads it. */
export function pdfPageTexts(pdf: Buffer, file: string): string[] {
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file]).toString();
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  return Array.from({ length: pages }, (_, index) =>
    execFileSync('pdftotext', ['-f', `${index + 1}`, '-l', `${index + 1}`, file, '-']).toString(),
  );
}
