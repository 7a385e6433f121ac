import { describe, expect, it } from 'vitest';
import { tex, texUrl, verbatimSafe } from './escape.ts';

describe('LaTeX escaping', () => {
  it('escapes every TeX special so none survives as a command character', () => {
    const out = tex('\\ { } $ & # ^ _ % ~');
    expect(out).toBe('\\textbackslash{} \\{ \\} \\$ \\& \\# \\textasciicircum{} \\_ \\% \\textasciitilde{}');
    // No unescaped specials remain once the escapes themselves are removed.
    expect(out.replace(/\\(textbackslash|textasciicircum|textasciitilde)\{\}|\\[{}$&#_%]/g, '')).not.toMatch(
      /[\\{}$&#^_%~]/,
    );
  });

  it('maps typography and symbols to commands and replaces what no font has', () => {
    // a letter no font has is "?"; a pictograph none has goes, being no word
    expect(tex('“a” – b → c ≤ d € 漢 🚀')).toBe("``a'' -- b $\\rightarrow$ c $\\leq$ d \\texteuro{} ? ");
    expect(tex('a--b')).toBe('a-{}-b'); // a CLI flag stays two hyphens
    // Latin-1 letters stay; others DejaVu has go to \atrchar with their stand-in (xelatex shows them, pdflatex the stand-in)
    expect(tex('café Łódź ⚡')).toBe('café \\atrchar{Ł}{L}ód\\atrchar{ź}{z} \\atrchar{⚡}{?}');
  });

  it('keeps code verbatim-safe: ASCII and Latin-1 letters only, tabs expanded, the end marker defused', () => {
    expect(verbatimSafe('\tx = “1” → 2\n\\end{Verbatim}')).toBe('    x = "1" -> 2\n\\end {Verbatim}');
  });

  it('percent-encodes and escapes URLs for \\href', () => {
    expect(texUrl('https://x.org/a b?q=1&r=%20#top')).toBe('https://x.org/a\\%20b?q=1\\&r=\\%20\\#top');
  });
});
