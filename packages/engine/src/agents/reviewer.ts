// The reviewer: no empty section, no placeholder text, every `path:line` citation pointing at a real
// file and line, and no claim that contradicts the analysis or an accepted section. Bad citations
// are repaired when the file can be identified, else removed; a contradicted prose sentence is
// dropped; every change is recorded in the draft's reviewNotes (and so in the trace).

import { analyseKind } from './analysts.ts';
import { recordAccepted, reviewConsistency, type ShownFiles } from './prose-claims.ts';
import { factsOf, lineCount } from './facts.ts';
import type { AgentDeps, SectionDraft } from './types.ts';
import {
  extractCitations,
  fitsFile,
  knownFiles,
  parseCitation,
  replaceCodeSpans,
  replaceOutsideFences,
  stripFences,
} from '../citations.ts';
import { cite, citeRef, text } from './writers/markdown.ts';

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

function proseOnly(md: string): string {
  return replaceCodeSpans(stripFences(md), () => ' ');
}

/**
 * `shown`: the lines of each file a model writer was shown; a claim whose cited lines among them
 * back it is kept though the analysis says otherwise, and the conflict is noted for the trace.
 */
export async function reviewDraft(
  input: { draft: SectionDraft },
  deps: AgentDeps,
  shown?: ShownFiles,
): Promise<SectionDraft> {
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

  // 2. Citations: each `path:line` (or `path:start-end`) must name an analysed file and lines inside it.
  const known = knownFiles(fx.fileByPath.keys());
  const basenames = new Map<string, string[]>();
  for (const p of fx.fileByPath.keys()) {
    const b = p.slice(p.lastIndexOf('/') + 1);
    basenames.set(b, [...(basenames.get(b) ?? []), p]);
  }
  md = replaceOutsideFences(md, (segment) =>
    replaceCodeSpans(segment, (whole, _ticks, innerRaw) => {
      const c = parseCitation(innerRaw, known);
      if (!c || c.line === undefined) return whole; // a bare path is cited only when it is a known file
      const inner = innerRaw.trim();
      const file = c.path;
      const info = fx.fileByPath.get(file);
      if (info) {
        if (fitsFile(c, lineCount(info))) return whole;
        notes.push(
          `Citation ${inner} points past the end of ${file} (${lineCount(info)} lines); cited the file instead.`,
        );
        return whole.replace(`${_ticks}${innerRaw}${_ticks}`, cite(file));
      }
      const candidates = [...fx.fileByPath.keys()].filter((p) => p.endsWith(`/${file}`));
      const byName = basenames.get(file.slice(file.lastIndexOf('/') + 1)) ?? [];
      const repair = candidates.length === 1 ? candidates[0] : byName.length === 1 ? byName[0] : undefined;
      if (repair) {
        const f = fx.fileByPath.get(repair)!;
        const fixed = fitsFile(c, lineCount(f)) ? cite(repair, c.line, c.end) : cite(repair);
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
  // sections accepted before this one (prose-claims.ts). Offline writers should never trip it. A
  // quoted file wins over the analysis: a claim the lines it cites back is kept and noted.
  const names = [deps.projectName];
  const consistent = reviewConsistency(md, deps.analysis, deps.claims, names, shown);
  md = consistent.markdown;
  notes.push(...consistent.notes);

  // 4. Empty (or emptied) section: replace it with the analyst's findings for its kind.
  // A chapter's intro is left empty on purpose when its sections tell all its findings: filling it
  // would tell each of them twice.
  if (!input.draft.intro && !/[A-Za-z]{3}/.test(proseOnly(md)) && !/\|/.test(md)) {
    const findings = await analyseKind({ kind: input.draft.kind }, deps);
    const fallback = findings
      .map((f) => `- ${f.statement}${f.citations[0] ? ` (${citeRef(f.citations[0])})` : ''}`)
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
    citations: extractCitations(md, known),
    ...(notes.length ? { reviewNotes: notes } : {}),
  };
}
