// The share of files read by tree-sitter depends on the code only, never on how busy the machine is.
import { describe, expect, it } from 'vitest';
import { languagesPass } from './languages.ts';
import { sourcesFromMap } from './sources.ts';
import { symbolsPass } from './symbols.ts';
import type { TreeSitterExtractor } from './tree-sitter.ts';

/** A stand-in extractor that takes `ms` of wall time per file, as a parser does on a loaded machine. */
const slowExtractor = (ms: number): TreeSitterExtractor => ({
  languages: ['TypeScript'],
  extract(path) {
    const until = performance.now() + ms;
    while (performance.now() < until);
    return {
      symbols: [
        { name: `from_${path.replace(/\W/g, '_')}`, kind: 'function', path, line: 1, exported: true },
      ],
      imports: [],
    };
  },
});

describe('the tree-sitter budget', () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 12; i++) files[`src/f${i}.ts`] = `export function f${i}() {}\n`.repeat(1000);
  const src = sourcesFromMap(files);
  const lang = languagesPass(src).files;

  it('counts lines, so a slow parser reads the same files as a fast one', () => {
    const slow = symbolsPass(src, lang, slowExtractor(120));
    const fast = symbolsPass(src, lang, slowExtractor(0));
    expect(slow.extractors).toEqual(fast.extractors);
    // 8,000 lines: eight files of 1,001 lines fill it, the other four are read by the regex extractor
    expect(slow.extractors).toEqual({ treeSitter: 8, regex: 4 });
    expect(slow.symbols.map((s) => s.name)).toEqual(fast.symbols.map((s) => s.name));
  });
});
