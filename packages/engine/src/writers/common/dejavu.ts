// The DejaVu fonts every writer can fall back on for characters its main fonts lack (⚡, IPA, Greek,
// Cyrillic, arrows…): shipped by the dejavu-fonts-ttf package, read once, with a glyph lookup.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const files = new Map<string, Buffer>();

/** The bytes of a DejaVu face by its file name without extension ("DejaVuSans", "DejaVuSansMono-Bold"). */
export function dejavuFile(name: string): Buffer {
  let bytes = files.get(name);
  if (!bytes) files.set(name, (bytes = readFileSync(path.join(FONT_DIR, `${name}.ttf`))));
  return bytes;
}

let faces: { sans: fontkit.Font; mono: fontkit.Font } | undefined;

/** Whether DejaVu Sans (or Sans Mono) has a glyph for the character. */
export function dejavuHas(ch: string, mono = false): boolean {
  faces ??= {
    sans: fontkit.create(dejavuFile('DejaVuSans')) as fontkit.Font,
    mono: fontkit.create(dejavuFile('DejaVuSansMono')) as fontkit.Font,
  };
  return (mono ? faces.mono : faces.sans).hasGlyphForCodePoint(ch.codePointAt(0)!);
}
