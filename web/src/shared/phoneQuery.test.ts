// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expandPhoneMedia, PhoneQuery } from './phoneQuery.ts';

const src = fileURLToPath(new URL('..', import.meta.url));

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe('the phone query', () => {
  it('is a narrow window, or a touch screen that is short (a phone in landscape)', () => {
    expect(PhoneQuery).toBe('(max-width: 640px), (pointer: coarse) and (max-height: 500px)');
  });

  it('is what `@media (--phone)` becomes in the CSS the build serves', () => {
    expect(expandPhoneMedia('@media (--phone) {\n  .a {}\n}\n@media print {}')).toBe(
      `@media ${PhoneQuery} {\n  .a {}\n}\n@media print {}`,
    );
  });

  it('is the only phone query in the app CSS: no file picks the phone layout by width alone', () => {
    const widthOnly = cssFiles(src).filter((file) =>
      /@media\s*\(max-width:\s*640px\)/.test(readFileSync(file, 'utf8')),
    );
    expect(widthOnly).toEqual([]);
    const phone = cssFiles(src).filter((file) => readFileSync(file, 'utf8').includes('@media (--phone)'));
    expect(phone.length).toBeGreaterThan(5);
  });
});
