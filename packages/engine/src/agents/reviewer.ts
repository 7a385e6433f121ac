// The reviewer: no empty section, no placeholder text, every `path:line` citation pointing at a real
// file and line, and no claim that contradicts the analysis or an accepted section. Bad citations
// are repaired when the file can be identified, else removed; a contradicted prose sentence is
// dropped; every change is recorded in the draft's reviewNotes (and so in the trace).

import { analyseKind } from './analysts.ts';
import { recordAccepted, reviewConsistency } from './consistency.ts';
import { factsOf, lineCount } from './facts.ts';
import type { AgentDeps, SectionDraft } from './types.ts';
import { cite, text } from './writers/markdown.ts';

/** Phrases that mark unfinished or generic text. Checked outside code spans and blocks. */
export const PLACEHOLDERS: { re: RegExp; label: string }[] = [
  { re: /lorem ipsum|dolor sit amet/i, label: 'lorem ipsum' },
  { re: /\bTODO:?\s*(write|fill|add|complete)\b/i, label: 'TODO: write' },
  { re: /\bTBD\b|\bTBA\b/, label: 'TBD' },
  {
    re: /\bthis (section|chapter) (describes|will describe|covers|will cover|provides|presents|outlines|discusses)\b/i,
    label: '"This section describes…"',
  },
  {
    re: /\[(placeholder|insert[^\]]*|your [^\]]*)\]|\binsert (text|content|details) here\b|\bcoming soon\b/i,
    label: 'placeholder',
  },
];

const CITATION = /^([A-Za-z0-9_@.+-][\w@.+/-]*?):(\d+)$/;
/** A citation's path must look like a file: a slash or an extension (not "127.0.0.1:80"). */
const looksLikePath = (p: string) => /[/]|\.[A-Za-z]/.test(p);

/** Every inline-code `path:line` citation, plus inline-code paths that name a known file. */
export function extractCitations(markdown: string, knownFiles?: Set<string>): string[] {
  const out = new Set<string>();
  replaceCodeSpans(stripFences(markdown), (whole, _ticks, raw) => {
    const inner = raw.trim();
    if (CITATION.test(inner) && looksLikePath(CITATION.exec(inner)![1]!)) out.add(inner);
    else if (knownFiles?.has(inner)) out.add(inner);
    return whole;
  });
  return [...out];
}

function stripFences(md: string): string {
  return md.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
}

function proseOnly(md: string): string {
  return replaceCodeSpans(stripFences(md), () => ' ');
}

export async function reviewDraft(input: { draft: SectionDraft }, deps: AgentDeps): Promise<SectionDraft> {
  const fx = factsOf(deps.analysis);
  const notes: string[] = [...(input.draft.reviewNotes ?? [])];
  let md = input.draft.markdown ?? '';

  // 1. Placeholder text: drop the offending lines (a table row, list item or paragraph line).
  for (const p of PLACEHOLDERS) {
    if (!p.re.test(proseOnly(md))) continue;
    const kept = md.split('\n').filter((line) => !p.re.test(proseOnly(line)));
    notes.push(`Removed ${md.split('\n').length - kept.length} line(s) with placeholder text (${p.label}).`);
    md = kept.join('\n');
  }

  // 2. Citations: each `path:line` must name an analysed file and a line inside it.
  const basenames = new Map<string, string[]>();
  for (const p of fx.fileByPath.keys()) {
    const b = p.slice(p.lastIndexOf('/') + 1);
    basenames.set(b, [...(basenames.get(b) ?? []), p]);
  }
  md = replaceOutsideFences(md, (segment) =>
    replaceCodeSpans(segment, (whole, _ticks, innerRaw) => {
      const inner = innerRaw.trim();
      const m = CITATION.exec(inner);
      if (!m || !looksLikePath(m[1]!)) return whole;
      const [file, lineText] = [m[1]!, m[2]!];
      const line = Number(lineText);
      const known = fx.fileByPath.get(file);
      if (known) {
        if (line >= 1 && line <= lineCount(known)) return whole;
        notes.push(
          `Citation ${inner} points past the end of ${file} (${lineCount(known)} lines); cited the file instead.`,
        );
        return whole.replace(`${_ticks}${innerRaw}${_ticks}`, cite(file));
      }
      const candidates = [...fx.fileByPath.keys()].filter((p) => p.endsWith(`/${file}`));
      const byName = basenames.get(file.slice(file.lastIndexOf('/') + 1)) ?? [];
      const repair = candidates.length === 1 ? candidates[0] : byName.length === 1 ? byName[0] : undefined;
      if (repair) {
        const f = fx.fileByPath.get(repair)!;
        const fixed = line >= 1 && line <= lineCount(f) ? cite(repair, line) : cite(repair);
        notes.push(`Citation ${inner} names no analysed file; repaired to ${fixed.replace(/`/g, '')}.`);
        return whole.replace(`${_ticks}${innerRaw}${_ticks}`, fixed);
      }
      notes.push(`Removed citation ${inner}: no such file in the analysis.`);
      // Drop "(`x:1`)" with its parentheses; otherwise keep the punctuation around the span.
      const at = whole.indexOf(_ticks);
      const before = whole.slice(0, at);
      const after = whole.slice(at + 2 * _ticks.length + innerRaw.length);
      return before.includes('(') && after.includes(')') ? '' : `${before}${after}`;
    }),
  );

  // 3. Consistency: counts, licence, kind and frameworks claimed against the analysis and the
  // sections accepted before this one (consistency.ts). Offline writers should never trip it.
  const names = [deps.projectName];
  const consistent = reviewConsistency(md, deps.analysis, deps.claims, names);
  md = consistent.markdown;
  notes.push(...consistent.notes);

  // 4. Empty (or emptied) section: replace it with the analyst's findings for its kind.
  if (!/[A-Za-z]{3}/.test(proseOnly(md)) && !/\|/.test(md)) {
    const findings = await analyseKind({ kind: input.draft.kind }, deps);
    const fallback = findings
      .map((f) => `- ${f.statement}${f.citations[0] ? ` (${cite(...split(f.citations[0]))})` : ''}`)
      .join('\n');
    md =
      fallback ||
      `The analysis of ${text(deps.analysis.project.name)} (${deps.analysis.project.files} files) found no evidence for “${text(input.draft.title)}”.`;
    notes.push('Section was empty; replaced with the analysts’ findings.');
  }

  md = md.replace(/\n{3,}/g, '\n\n').trim();
  if (deps.claims) recordAccepted(deps.claims, input.draft.title, md, deps.analysis, names);
  return {
    ...input.draft,
    markdown: md,
    citations: extractCitations(md, new Set(fx.fileByPath.keys())),
    ...(notes.length ? { reviewNotes: notes } : {}),
  };
}

/**
 * Calls `fn` for each inline code span as CommonMark reads it: an opening backtick run closes only at
 * the next run of the same length, so a span such as ``a`b`` is one span, never two. `whole` carries
 * an optional space and "(" before the span and an optional ")" after it, so a removed citation can
 * take its parentheses with it.
 */
export function replaceCodeSpans(
  segment: string,
  fn: (whole: string, ticks: string, inner: string) => string,
): string {
  let out = '';
  let last = 0;
  let i = 0;
  while (i < segment.length) {
    if (segment[i] !== '`') {
      i++;
      continue;
    }
    let n = 0;
    while (segment[i + n] === '`') n++;
    const ticks = '`'.repeat(n);
    let close = -1;
    for (let j = i + n; j < segment.length;) {
      if (segment[j] === '\n' && segment[j + 1] === '\n') break; // a blank line ends the paragraph
      if (segment[j] !== '`') {
        j++;
        continue;
      }
      let m = 0;
      while (segment[j + m] === '`') m++;
      if (m === n) {
        close = j;
        break;
      }
      j += m;
    }
    if (close < 0) {
      i += n;
      continue;
    }
    let start = i;
    if (start - 1 >= last && segment[start - 1] === '(') start--;
    if (start - 1 >= last && /\s/.test(segment[start - 1]!)) start--;
    let end = close + n;
    if (segment[end] === ')') end++;
    out += segment.slice(last, start) + fn(segment.slice(start, end), ticks, segment.slice(i + n, close));
    last = end;
    i = end;
  }
  return out + segment.slice(last);
}

function replaceOutsideFences(md: string, fn: (s: string) => string): string {
  const parts = md.split(/(^(?:```|~~~)[^\n]*\n[\s\S]*?^(?:```|~~~)\s*$)/m);
  return parts.map((p, i) => (i % 2 === 1 ? p : fn(p))).join('');
}

function split(c: string): [string, number | undefined] {
  const m = /^(.*?):(\d+)$/.exec(c);
  return m ? [m[1]!, Number(m[2])] : [c, undefined];
}
