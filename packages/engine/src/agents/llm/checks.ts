// The deterministic half of reviewing a model's draft: every `path:line` citation must name an
// analysed file and a line inside it, and every number claimed about the code base (file, line,
// dependency… counts, dependency versions) must appear in the facts the writer was given.

import type { Analysis } from '../../analyse/types.ts';
import { factsOf, lineCount } from '../facts.ts';
import { citationsIn, knownFiles, parseCitation, replaceCodeSpans, stripFences } from '../../citations.ts';
import { PLACEHOLDERS } from '../reviewer.ts';

/** Problems with the citations of a draft; empty when every citation is real. */
export function citationProblems(markdown: string, a: Analysis): string[] {
  const fx = factsOf(a);
  const problems: string[] = [];
  // code spans as CommonMark reads them, so a file name holding backticks is one span
  for (const { text: inner, citation: c } of citationsIn(markdown, knownFiles(fx.fileByPath.keys()))) {
    if (c.line === undefined) continue; // a bare path counts only when it is a known file
    const file = fx.fileByPath.get(c.path);
    if (!file) {
      problems.push(`Citation \`${inner}\` names a file that is not in the code base.`);
      continue;
    }
    const n = lineCount(file);
    for (const line of [c.line, c.end]) {
      if (line === undefined) continue;
      if (line < 1 || line > n)
        problems.push(`Citation \`${inner}\` points at line ${line}, but ${c.path} has ${n} lines.`);
    }
  }
  return problems;
}

const COUNT_CLAIM =
  /\b(\d{1,3}(?:,\d{3})+|\d+)\s+(?:(?:source|code|test|TypeScript|JavaScript|Python|Go|Java|Rust|Markdown|JSON|YAML|SQL|runtime|development|dev|blank|comment|HTTP|production|lines? of)\s+){0,3}(files?|lines?|dependenc(?:y|ies)|packages?|routes?|endpoints?|tests?|test files?|modules?|environment variables?|variables?|languages?|frameworks?|symbols?|functions?|classes?|commits?|contributors?|containers?|manifests?|TODOs?)\b/gi;

/** Every integer the writer could legitimately state: the facts block, the evidence and the analysis. */
export function knownNumbers(a: Analysis, ...texts: string[]): Set<number> {
  const out = new Set<number>();
  const add = (n: number | undefined) => {
    if (typeof n === 'number' && Number.isFinite(n)) out.add(n);
  };
  const p = a.project;
  [
    p.files,
    p.lines.code,
    p.lines.comment,
    p.lines.blank,
    p.lines.code + p.lines.comment + p.lines.blank,
    a.dependencies.length,
    a.routes.length,
    a.languages.length,
    a.frameworks.length,
    a.symbols.length,
    a.manifests.length,
    a.containers.length,
    a.todos.length,
    a.ci.length,
    a.files.length,
    a.skipped.length,
  ].forEach(add);
  for (const l of a.languages)
    [l.files, l.code, l.comment, l.blank, l.code + l.comment + l.blank].forEach(add);
  const walk = (d: Analysis['tree']) => {
    add(d.files);
    add(d.lines);
    for (const c of d.children) walk(c);
  };
  walk(a.tree);
  for (const f of a.files) [f.code, f.comment, f.blank, lineCount(f)].forEach(add);
  for (const t of texts)
    for (const m of t.matchAll(/\d{1,3}(?:,\d{3})+|\d+/g)) add(Number(m[0].replace(/,/g, '')));
  return out;
}

/** Numbers claimed in prose ("42 files", "1,204 lines") that appear nowhere in the facts. */
export function numberProblems(markdown: string, a: Analysis, known: Set<number>): string[] {
  const problems: string[] = [];
  const prose = replaceCodeSpans(stripFences(markdown), () => ' ');
  for (const m of prose.matchAll(COUNT_CLAIM)) {
    const n = Number(m[1]!.replace(/,/g, ''));
    if (n <= 1) continue; // "1 file", "0 tests": common phrasing, and checked elsewhere by the facts
    if (!known.has(n))
      problems.push(`"${m[0]}" is not supported by the analysis: no count of ${n} appears in the facts.`);
  }
  // Dependency versions: "fastify 4.2.1" or "fastify@4.2.1" must match the declared version.
  const byName = new Map(a.dependencies.map((d) => [d.name.toLowerCase(), d]));
  for (const m of stripFences(markdown).matchAll(
    /(?<![\w/.-])(@?[A-Za-z][\w.-]*(?:\/[\w.-]+)?)(?:@|\s+v?|\s+version\s+v?)([~^<>=]*\d+\.\d+(?:\.\d+)?)/g,
  )) {
    const dep = byName.get(m[1]!.toLowerCase());
    if (!dep) continue;
    const stated = m[2]!.replace(/^[~^<>=]+/, '');
    if (
      !dep.version.replace(/^[~^<>=v]+/, '').startsWith(stated) &&
      !stated.startsWith(dep.version.replace(/^[~^<>=v]+/, ''))
    ) {
      problems.push(`${dep.name} is declared as ${dep.version} in ${dep.manifest}, not ${m[2]}.`);
    }
  }
  return problems;
}

/** Placeholder or empty text, as the offline reviewer defines it. */
export function textProblems(markdown: string): string[] {
  const prose = replaceCodeSpans(stripFences(markdown), () => ' ');
  const out: string[] = [];
  if (!/[A-Za-z]{3}/.test(prose) && !/\|/.test(markdown)) out.push('The section is empty.');
  for (const p of PLACEHOLDERS)
    if (p.re.test(prose)) out.push(`The section contains placeholder text (${p.label}).`);
  return out;
}

/** A code span that names code: `name`, `Type.method`, `pkg::item`, `fn()`; not a path or a command. */
const CODE_NAME = /^[A-Za-z_$][\w$]*(?:(?:\.|::|#|->)[A-Za-z_$][\w$]*)*(?:\(\))?$/;
/** Lines either side of a cited line where the name it is attached to must appear. */
export const NAME_RADIUS = 5;

/** The parts of a code name a file must contain: `Type.method()` → Type, method. */
export function nameParts(span: string): string[] {
  return span
    .replace(/\(\)$/, '')
    .split(/\.|::|#|->/)
    .filter((p) => p.length > 1);
}

const identifierSets = new WeakMap<Analysis, Promise<Set<string>>>();

/** Every identifier-shaped word of the analysed files (and the symbol table): what may be named. */
export function identifiersOf(
  a: Analysis,
  read: (path: string) => Promise<string[] | undefined>,
): Promise<Set<string>> {
  let p = identifierSets.get(a);
  if (!p) {
    p = (async () => {
      const out = new Set<string>(a.symbols.map((s) => s.name));
      for (const d of a.dependencies) out.add(d.name);
      for (const f of a.files) {
        if (!f.language) continue;
        const lines = await read(f.path);
        for (const line of lines ?? []) for (const m of line.matchAll(/[A-Za-z_$][\w$]*/g)) out.add(m[0]);
      }
      return out;
    })();
    identifierSets.set(a, p);
  }
  return p;
}

/**
 * Faithfulness beyond the citations: every code name the text uses exists in the code base, and a
 * name written in the same sentence as a `path:line` appears within NAME_RADIUS lines of one of the
 * sentence's cited lines (so a name is not attached to the wrong line).
 */
export async function faithfulnessProblems(
  markdown: string,
  a: Analysis,
  read: (path: string) => Promise<string[] | undefined>,
): Promise<string[]> {
  const fx = factsOf(a);
  const known = knownFiles(fx.fileByPath.keys());
  const identifiers = await identifiersOf(a, read);
  const problems: string[] = [];
  const prose = stripFences(markdown);
  // sentences: table rows and list items are lines; prose splits at sentence ends
  const sentences = prose
    .split('\n')
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z`*_(])/))
    .filter((s) => s.includes('`'));
  const reported = new Set<string>();
  for (const sentence of sentences) {
    const names: string[] = [];
    const cited: { path: string; from: number; to: number }[] = [];
    replaceCodeSpans(sentence, (whole, _ticks, raw) => {
      const inner = raw.trim();
      const c = parseCitation(inner, known);
      if (c && fx.fileByPath.has(c.path)) {
        if (c.line !== undefined) cited.push({ path: c.path, from: c.line, to: c.end ?? c.line });
      } else if (CODE_NAME.test(inner) && !known.has(inner)) names.push(inner);
      return whole;
    });
    for (const name of names) {
      const parts = nameParts(name);
      const missing = parts.filter((p) => !identifiers.has(p));
      if (missing.length) {
        if (!reported.has(name)) problems.push(`\`${name}\` is not a name found anywhere in the code base.`);
        reported.add(name);
        continue;
      }
      if (!cited.length) continue;
      let near = false;
      for (const c of cited) {
        const lines = await read(c.path);
        if (!lines) {
          near = true;
          break;
        }
        const window = lines.slice(Math.max(0, c.from - 1 - NAME_RADIUS), c.to + NAME_RADIUS).join('\n');
        if (parts.every((p) => new RegExp(`(?<![\\w$])${p.replace(/\$/g, '\\$')}(?![\\w$])`).test(window))) {
          near = true;
          break;
        }
      }
      if (!near)
        problems.push(
          `\`${name}\` is attached to ${cited.map((c) => `\`${c.path}:${c.from}\``).join(', ')}, but it does not appear within ${NAME_RADIUS} lines of ${cited.length > 1 ? 'any of them' : 'it'}.`,
        );
    }
  }
  return problems;
}
