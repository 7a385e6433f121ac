// Escaping for LaTeX: every user string goes through here, so any input compiles with pdflatex and xelatex.

import { dejavuHas } from '../common/dejavu.ts';
import { foldText } from '../common/unicode.ts';

const SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '&': '\\&',
  '#': '\\#',
  '^': '\\textasciicircum{}',
  _: '\\_',
  '%': '\\%',
  '~': '\\textasciitilde{}',
  '<': '\\textless{}',
  '>': '\\textgreater{}',
  '|': '\\textbar{}',
  '"': '\\textquotedbl{}',
  '`': '\\textasciigrave{}',
  "'": '\\textquotesingle{}',
};

/** Non-ASCII characters written as commands both engines know; Latin-1 letters pass through (T1 / fontspec). */
const UNICODE: Record<string, string> = {
  '‘': '`',
  '’': "'",
  '“': '``',
  '”': "''",
  '–': '--',
  '—': '---',
  '…': '\\ldots{}',
  '•': '\\textbullet{}',
  '€': '\\texteuro{}',
  '™': '\\texttrademark{}',
  '†': '\\dag{}',
  '‡': '\\ddag{}',
  '‰': '\\textperthousand{}',
  Œ: '\\OE{}',
  œ: '\\oe{}',
  Š: '\\v{S}',
  š: '\\v{s}',
  Ž: '\\v{Z}',
  ž: '\\v{z}',
  Ÿ: '\\"{Y}',
  ƒ: '\\textit{f}',
  '×': '\\texttimes{}',
  '÷': '\\textdiv{}',
  '±': '\\textpm{}',
  µ: '\\textmu{}',
  '°': '\\textdegree{}',
  '¬': '\\textlnot{}',
  '§': '\\S{}',
  '¶': '\\P{}',
  '©': '\\textcopyright{}',
  '®': '\\textregistered{}',
  '£': '\\pounds{}',
  '¢': '\\textcent{}',
  '¥': '\\textyen{}',
  '¤': '\\textcurrency{}',
  '¦': '\\textbrokenbar{}',
  '¨': '\\textasciidieresis{}',
  '¯': '\\textasciimacron{}',
  '´': '\\textasciiacute{}',
  '¸': '\\c{ }',
  '¹': '\\textonesuperior{}',
  '²': '\\texttwosuperior{}',
  '³': '\\textthreesuperior{}',
  '¼': '\\textonequarter{}',
  '½': '\\textonehalf{}',
  '¾': '\\textthreequarters{}',
  ª: '\\textordfeminine{}',
  º: '\\textordmasculine{}',
  '¡': '\\textexclamdown{}',
  '¿': '\\textquestiondown{}',
  '«': '\\guillemotleft{}',
  '»': '\\guillemotright{}',
  '·': '\\textperiodcentered{}',
  '\u00a0': '~',
  '→': '$\\rightarrow$',
  '←': '$\\leftarrow$',
  '↔': '$\\leftrightarrow$',
  '⇒': '$\\Rightarrow$',
  '⇐': '$\\Leftarrow$',
  '⇔': '$\\Leftrightarrow$',
  '↑': '$\\uparrow$',
  '↓': '$\\downarrow$',
  '≤': '$\\leq$',
  '≥': '$\\geq$',
  '≠': '$\\neq$',
  '≈': '$\\approx$',
  '≡': '$\\equiv$',
  '∞': '$\\infty$',
  '−': '$-$',
  '✓': '$\\surd$',
  '✔': '$\\surd$',
  α: '$\\alpha$',
  β: '$\\beta$',
  γ: '$\\gamma$',
  δ: '$\\delta$',
  ε: '$\\epsilon$',
  λ: '$\\lambda$',
  μ: '\\textmu{}',
  π: '$\\pi$',
  σ: '$\\sigma$',
  τ: '$\\tau$',
  φ: '$\\phi$',
  ω: '$\\omega$',
  Δ: '$\\Delta$',
  Σ: '$\\Sigma$',
  Ω: '$\\Omega$',
};

const isLatin1Letter = (cp: number) => cp >= 0xc0 && cp <= 0xff && cp !== 0xd7 && cp !== 0xf7;

const texKeeps = (ch: string) => {
  const cp = ch.codePointAt(0)!;
  return (cp >= 0x20 && cp <= 0x7e) || isLatin1Letter(cp) || UNICODE[ch] !== undefined;
};

/**
 * Prose: escapes specials, turns `--` and `---` into dashes only when the author wrote dashes. A
 * character neither engine's main fonts can show but DejaVu can (⚡, IPA, Cyrillic…) becomes
 * \atrchar{char}{stand-in}: xelatex sets it in the bundled DejaVu face, pdflatex prints the stand-in.
 */
export function tex(text: string): string {
  let out = '';
  for (const raw of text.replace(/\r\n?/g, '\n')) {
    const folded = texKeeps(raw) || raw === '\n' || raw === '\t' ? raw : foldText(raw, texKeeps);
    // a pictograph DejaVu draws (⚡) keeps "?" as pdflatex's stand-in, though one no face has goes
    const stand = folded === '' && /\p{Extended_Pictographic}/u.test(raw) ? '?' : folded;
    if (stand !== raw && stand !== '' && !/\s/.test(raw) && dejavuHas(raw)) {
      out += `\\atrchar{${raw}}{${escapeKept(stand, out)}}`;
      continue;
    }
    for (const ch of folded) out += escapeKept(ch, out);
  }
  return out;
}

function escapeKept(text: string, before: string): string {
  let out = '';
  for (const ch of text) {
    if (ch === '\n' || ch === '\t') out += ' ';
    else if (SPECIAL[ch] !== undefined) out += SPECIAL[ch];
    else if (UNICODE[ch] !== undefined) out += UNICODE[ch];
    else if (ch === '-')
      out += out.endsWith('-') || (!out && before.endsWith('-')) ? '{}-' : '-'; // "--" in a flag must not become an en dash
    else out += ch;
  }
  return out;
}

/** Monospace inline text (paths, identifiers): escaped, with break points after separators. */
export function texCode(text: string): string {
  return tex(text.replace(/\s+/g, ' ')).replace(/([/.:_=,]|\\_)(?=[^\s])/g, '$1\\allowbreak{}');
}

/** Verbatim body: only characters every engine can typeset, tabs expanded, the end marker defused. */
const CODE_ASCII: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '--',
  '…': '...',
  '•': '*',
  '€': 'EUR',
  '™': '(TM)',
  '©': '(c)',
  '®': '(R)',
  '°': 'deg',
  '±': '+/-',
  '×': 'x',
  '÷': '/',
  µ: 'u',
  '§': 'S',
  '«': '<<',
  '»': '>>',
  '·': '.',
  '¬': '!',
  '\u00a0': ' ',
};

export function verbatimSafe(code: string): string {
  const lines = foldText(
    code.replace(/[‘’“”–—…•€™©®°±×÷µ§«»·¬\u00a0]/g, (c) => CODE_ASCII[c]!),
    (ch) => {
      const cp = ch.codePointAt(0)!;
      return (cp >= 0x20 && cp <= 0x7e) || isLatin1Letter(cp);
    },
  )
    .split('\n')
    .map((line) => expandTabs(line).trimEnd())
    .map((line) => line.replace(/\\end\s*\{Verbatim\}/g, '\\end {Verbatim}'));
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  while (lines.length && lines[0] === '') lines.shift();
  return lines.length ? lines.join('\n') : ' ';
}

function expandTabs(line: string): string {
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(4 - (out.length % 4)) : ch;
  return out;
}

/** URLs for \href: percent-encode anything unusual, then escape what LaTeX still treats specially. */
export function texUrl(url: string): string {
  const safe = url.replace(/[^A-Za-z0-9\-._:/?@!()*+,;=%#&]/gu, (c) =>
    encodeURIComponent(c).replace(/[!'()*]/g, (x) => `%${x.charCodeAt(0).toString(16).toUpperCase()}`),
  );
  return safe.replace(/[%#&_]/g, (c) => `\\${c}`);
}

/** Label names: letters, digits and dashes only. */
export function texLabel(id: string): string {
  return id.replace(/[^A-Za-z0-9-]/g, '-');
}
