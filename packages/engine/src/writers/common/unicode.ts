// Character folding shared by writers whose fonts cannot show every Unicode character
// (pdfkit's standard fonts speak WinAnsi; pdflatex's T1 fonts speak Latin-1 plus a few symbols).

/** Plain-text stand-ins for symbols that are common in technical prose but missing from WinAnsi. */
export const ASCII_SYMBOLS: Record<string, string> = {
  '→': '->',
  '←': '<-',
  '↔': '<->',
  '⇒': '=>',
  '⇐': '<=',
  '⇔': '<=>',
  '↑': '^',
  '↓': 'v',
  '➜': '->',
  '➔': '->',
  '≤': '<=',
  '≥': '>=',
  '≠': '!=',
  '≈': '~',
  '≡': '==',
  '∞': 'infinity',
  '√': 'sqrt',
  '∑': 'sum',
  '∏': 'prod',
  '−': '-',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '―': '--',
  '⁄': '/',
  '∕': '/',
  '∗': '*',
  '⋅': '.',
  '∙': '.',
  '·': '·',
  '✓': '[ok]',
  '✔': '[ok]',
  '✗': '[x]',
  '✘': '[x]',
  '☐': '[ ]',
  '☑': '[x]',
  '☒': '[x]',
  '★': '*',
  '☆': '*',
  '⚠': '(!)',
  '‚': ',',
  '„': '"',
  '′': "'",
  '″': '"',
  '‹': '<',
  '›': '>',
  '«': '«',
  '»': '»',
  '\u00a0': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2009': ' ',
  '\u200a': ' ',
  '\u202f': ' ',
  '\u2007': ' ',
  '\u200b': '',
  '\u200c': '',
  '\u200d': '',
  '\u2060': '',
  '\ufeff': '',
  '\u00ad': '',
  α: 'alpha',
  β: 'beta',
  γ: 'gamma',
  δ: 'delta',
  ε: 'epsilon',
  λ: 'lambda',
  μ: 'µ',
  π: 'pi',
  σ: 'sigma',
  τ: 'tau',
  φ: 'phi',
  ω: 'omega',
  Δ: 'Delta',
  Σ: 'Sigma',
  Ω: 'Omega',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
  ŋ: 'ng',
  Ŋ: 'NG',
  ĸ: 'k',
  ſ: 's',
};

/** Characters pdfkit's standard fonts encode (Windows-1252), beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

export function isWinAnsi(ch: string): boolean {
  const cp = ch.codePointAt(0)!;
  return (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(ch);
}

/**
 * Rewrites `text` so every character satisfies `keep`: known symbols get a stand-in, accented
 * letters lose the accents they cannot show, and anything else becomes `fallback`.
 */
export function foldText(text: string, keep: (ch: string) => boolean, fallback = '?'): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    if (ch === '\n' || ch === '\t') out += ch;
    else if (keep(ch)) out += ch;
    // eslint-disable-next-line no-control-regex -- control characters carry nothing printable
    else if (/[\u0000-\u001f\u007f-\u009f]/.test(ch)) continue;
    else if (ASCII_SYMBOLS[ch] !== undefined && [...ASCII_SYMBOLS[ch]!].every(keep)) out += ASCII_SYMBOLS[ch];
    else {
      const bare = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      // a mark, or a pictograph no face draws (README's "flame🔥"), carries no word: it goes, not "?"
      out +=
        bare && bare !== ch && [...bare].every(keep)
          ? bare
          : /\p{M}|\p{Extended_Pictographic}/u.test(ch)
            ? ''
            : fallback;
    }
  }
  return out;
}

/** Folds for pdfkit's standard 14 fonts (Helvetica, Courier…). */
export function toWinAnsi(text: string): string {
  return foldText(text, isWinAnsi);
}
