// What a model sees about the code base: a facts block of the analysis' counts, the findings with
// their citations, and numbered excerpts of the cited or most relevant files.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Analysis } from '../../analyse/types.ts';
import { blankComments } from '../../analyse/comments.ts';
import { definitions, familyOf, templateContinuations } from '../../analyse/flow/definitions.ts';
import { splitCitation } from '../../citations.ts';
import { factsOf, lineCount, NON_CODE_LANGUAGES, searchedFiles } from '../facts.ts';
import { projectModel, type Boundary, type ProjectModel } from '../model.ts';
import type { Finding } from '../types.ts';
import type { Workspace } from '../../types.ts';
import { dataBlock, numbered } from './prompts.ts';
import { CENTRAL_TYPES, type ReadingRole, readingRoleOf } from './reading.ts';

// where a framework seen is not what the product runs on
const ELSEWHERE = new Set(['examples', 'tests', 'docs', 'benchmarks', 'fixtures', 'playground', 'scripts']);

// packages that check, format or build the code: tools the project uses, not what the product runs on
const TOOL_ROLES = new Set(['test-runner', 'linter', 'build-tool', 'task-runner']);

/** The environment variables named in the facts block; the count still gives them all. */
const SETTINGS_NAMED = 12;

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * The facts a writer may state, one per line, from the same project model the offline chapters print:
 * the product apart from its tests, docs and tooling, what it runs on, how it is entered and its main
 * path. A fact the analysis could not establish is said to be unknown, never given as zero; an absence
 * is given with what was searched ("none found (searched: …)"), so the writer can say where it looked,
 * kept in brackets so that the review's facts lines are chosen by values, not by that wording.
 */
export function factsBlock(a: Analysis, projectName: string): string {
  const m = projectModel(a);
  const fx = m.facts;
  const id = a.identity;
  const own = a.routes.filter((r) => !r.area || r.area === 'product');
  const productLines = fx.productFiles.reduce((sum, f) => sum + f.code, 0);
  const productLanguages = new Map<string, { files: number; code: number }>();
  for (const f of fx.productFiles) {
    if (!f.language || NON_CODE_LANGUAGES.has(f.language)) continue;
    const l = productLanguages.get(f.language) ?? { files: 0, code: 0 };
    productLanguages.set(f.language, { files: l.files + 1, code: l.code + f.code });
  }
  const roleOfFolder = (p: string) => (id ? id.nonProduct.find((n) => n.path === p)?.role : undefined);
  const product = a.frameworks.filter((f) => (!f.area || f.area === 'product') && f.category !== 'test');
  const runsOn = product.filter((f) => !f.role || !TOOL_ROLES.has(f.role));
  const tools = [
    ...a.frameworks.filter((f) => f.category === 'test'),
    ...product.filter((f) => !runsOn.includes(f)),
  ];
  const elsewhere = a.frameworks.filter((f) => f.area && f.area !== 'product' && f.category !== 'test');
  const named = (f: Analysis['frameworks'][number]) =>
    `${f.name}${f.version ? ` ${f.version}` : ''}${f.area && ELSEWHERE.has(f.area) ? ` (in ${f.area} only)` : ''}`;
  const steps = m.mainPath.value.filter((s) => !s.external).slice(0, 8);
  const lines = [
    `project: ${projectName}`,
    ...(m.kind.value ? [`project kind: ${[m.kind.value, ...(id?.kinds ?? [])].join(', ')}`] : []),
    ...(id?.purpose ? [`purpose (README): ${id.purpose.text}`] : []),
    fx.productFiles.length
      ? `product: ${productLines} code lines in ${fx.productFiles.length} source files${id?.productPaths.length ? ` under ${id.productPaths.join(', ')}` : ''} (tests, docs, examples and tooling are not part of it)`
      : 'product: unknown (no product source files were told apart)',
    `product languages: ${
      [...productLanguages]
        .sort((x, y) => y[1].code - x[1].code)
        .map(([language, l]) => `${language} (${l.files} files, ${l.code} code lines)`)
        .join('; ') || 'unknown'
    }`,
    `files analysed: ${a.project.files}`,
    `lines in the whole repository: ${a.project.lines.code} code, ${a.project.lines.comment} comment, ${a.project.lines.blank} blank`,
    a.manifests.length
      ? `dependencies: ${a.dependencies.length} declared (${fx.runtimeDeps.length} runtime, ${fx.optionalPeerDeps.length ? `${fx.optionalPeerDeps.length} optional peer, ` : ''}${fx.devDeps.length} development) in ${plural(a.manifests.length, 'manifest')}`
      : 'dependencies: none found (no package manifest was found)',
    ...a.dependencies
      .slice(0, 25)
      .map(
        (d) => `dependency ${d.name} ${d.version} (${d.scope}, ${d.manifest}${d.line ? `:${d.line}` : ''})`,
      ),
    `frameworks and libraries the product runs on: ${runsOn.map(named).join(', ') || 'none detected'}`,
    ...(tools.length
      ? [`tools (testing, linting, building; not frameworks of the product): ${tools.map(named).join(', ')}`]
      : []),
    ...(elsewhere.length
      ? [`frameworks seen only outside the product: ${elsewhere.map(named).join(', ')}`]
      : []),
    // routes of examples or tests are not the product's: a model must not say the product serves them
    `HTTP routes served by the product: ${own.length || `none found (searched: ${searchedFiles(fx)})`}${a.routes.length > own.length ? ` (${a.routes.length - own.length} more declared in ${[...new Set(a.routes.filter((r) => !own.includes(r)).map((r) => r.area))].join(', ')}, not served by the product)` : ''}`,
    testsLine(m.tests),
    fx.moduleUnits < 2
      ? "imports between the product's modules: not measured (the product is a single module)"
      : fx.moduleEdges.length
        ? `imports between the product's ${fx.modules.length} modules: ${plural(fx.moduleEdges.length, 'module-to-module edge')}`
        : `imports between the product's ${fx.modules.length} modules: none found (searched: the imports of ${searchedFiles(fx)}, as resolved to files)`,
    settingsLine(m.settings),
    m.todos.value.length
      ? `TODO/FIXME markers in the product's own files: ${m.todos.value.length}`
      : `TODO/FIXME markers in the product's own files: none found (searched: ${m.todos.checked})`,
    ...(id?.entryPoints.length
      ? [
          `entered at: ${id.entryPoints
            .slice(0, 4)
            .map((e) => `${e.call ? `${e.call} ` : ''}${e.path}:${e.line} (${e.how})`)
            .join('; ')}`,
        ]
      : []),
    ...(m.abstractions.value.length
      ? [
          `central types: ${m.abstractions.value
            .slice(0, 4)
            .map((t) => `${t.name} (${t.path}:${t.line})`)
            .join(', ')}`,
        ]
      : []),
    ...(steps.length
      ? [
          `main path (one unit of work, in order): ${steps
            .map((s) => `${s.owner ? `${s.owner}.` : ''}${s.name} (${s.path}:${s.line})`)
            .join(' → ')}`,
        ]
      : []),
    layersLine(m.layers),
    extensionLine(m.extension),
    `top-level folders: ${
      a.tree.children
        .map((d) => {
          const role = roleOfFolder(d.path || d.name);
          return `${d.path || d.name} (${role ? `${role}, ` : ''}${d.files} files, ${d.lines} code lines)`;
        })
        .join('; ') || 'none'
    }`,
    `licence: ${m.licence.value ? (m.licence.value.spdx ?? 'a licence file whose text was not recognised') : `none found (searched: ${m.licence.checked})`}`,
  ];
  return lines.join('\n');
}

const at = (b: Boundary) => `${b.owner ? `${b.owner}.` : ''}${b.name} (${b.path}:${b.line})`;

/**
 * The layers in the order work passes through them, each with the definitions where work enters it
 * (its boundary) and how many files it holds; none found with what was searched.
 */
function layersLine(l: ProjectModel['layers']): string {
  if (!l.value.length) return `layers: none found (searched: ${l.checked})`;
  return `layers (in the order work passes through them): ${l.value
    .map(
      (x) =>
        `${x.name} [${plural(x.files.length, 'file')}${x.boundaries.length ? `; entered at ${x.boundaries.map(at).join(', ')}` : ''}]`,
    )
    .join(' → ')}`;
}

/** How users add their own code, by kind, with the places they do it; none found with what was searched. */
function extensionLine(e: ProjectModel['extension']): string {
  const { kinds, points } = e.value;
  if (!points.length) return `extension mechanism: none found (searched: ${e.checked})`;
  return `extension mechanism: ${kinds.join(', ')}; through ${points.slice(0, 5).map(at).join(', ')}`;
}

/** The tests as counted; an absence with where they were looked for, a file count without cases as such. */
function testsLine(t: ProjectModel['tests']): string {
  const { cases, files, inline } = t.value;
  const within = inline.length
    ? `; ${plural(inline.length, 'product file')} ${inline.length === 1 ? 'holds' : 'hold'} inline test modules`
    : '';
  if (cases) return `tests: ${plural(cases, 'test case')} in ${plural(files.length, 'test file')}${within}`;
  if (files.length)
    return `tests: ${plural(files.length, 'test file')} (no test cases were counted in them)${within}`;
  return inline.length ? `tests: ${within.slice(2)}` : `tests: none found (searched: ${t.checked})`;
}

/** The settings a user sets through the environment, by name; none found, with where they were sought. */
function settingsLine(s: ProjectModel['settings']): string {
  const names = [...new Set(s.value.map((e) => e.name))];
  if (!names.length) return `environment variables the product reads: none found (searched: ${s.checked})`;
  const more = names.length > SETTINGS_NAMED ? `, and ${names.length - SETTINGS_NAMED} more` : '';
  return `environment variables the product reads: ${names.slice(0, SETTINGS_NAMED).join(', ')}${more}${names.length > 1 ? ` (${names.length} in all)` : ''}`;
}

export function findingsText(findings: Finding[]): string {
  return (
    findings
      .map((f) => `- ${f.statement}${f.citations.length ? ` [${f.citations.join(', ')}]` : ''}`)
      .join('\n') || '- (no findings)'
  );
}

async function readLines(root: string, file: string): Promise<string[] | undefined> {
  const abs = path.resolve(root, file);
  if (!abs.startsWith(path.resolve(root) + path.sep)) return undefined;
  try {
    const buf = await fs.readFile(abs);
    return buf.subarray(0, 200_000).toString('utf8').split('\n');
  } catch {
    return undefined;
  }
}

/**
 * What a file shown to a writer is when it is not the product's own code, said in its excerpt's
 * head: a test's or an example's lines are never to be told as what the product does, and a
 * migration, a data table or a generated file is shown only as the window of a cited line.
 */
const NOT_PRODUCT_LABEL: Partial<Record<ReadingRole, string>> = {
  test: 'test code, not the product',
  example: 'example code, not the product',
  docs: 'documentation',
  migration: 'a database migration',
  generated: 'generated code',
  vendored: "vendored code, not the product's own",
  data: 'a data table',
};

/**
 * The sections a file that is not the product's own code is excerpted for, when a finding cites it:
 * a test's lines for the testing sections, an example's where the product is started or called, a
 * migration's or a data table's for the data model; a generated or vendored file for none. Other
 * sections are told the finding and the file's name, and their excerpts go to the product. A
 * section of the user's own (custom) takes what its findings cite.
 */
const EXCERPTED_FOR: Partial<Record<ReadingRole, string[]>> = {
  test: ['testing', 'custom'],
  example: ['getting-started', 'api', 'custom'],
  migration: ['data-model', 'custom'],
  data: ['data-model', 'custom'],
  generated: ['custom'],
  vendored: ['custom'],
};

/** Whether a section of `kind` is shown an excerpt of `file` (any section, when no kind is given). */
export function excerptedFor(file: string, a: Analysis, kind?: string): boolean {
  const info = factsOf(a).fileByPath.get(file);
  const only = info && kind ? EXCERPTED_FOR[readingRoleOf(info, a)] : undefined;
  return !only || only.includes(kind!);
}

/** The label of a file's excerpt, or none for the product's own code and for other files. */
export function excerptLabel(file: string, a: Analysis): string | undefined {
  const info = factsOf(a).fileByPath.get(file);
  return info ? NOT_PRODUCT_LABEL[readingRoleOf(info, a)] : undefined;
}

/** Excerpts of ±radius lines around each cited `path:line`, whole heads of cited files, within a token cap. */
export async function snippets(
  findings: Finding[],
  ws: Workspace,
  a: Analysis,
  tokenCap: number,
  tokens: (t: string) => number,
  radius = 8,
  /** Line ranges already shown by other excerpts, by file: not shown again. */
  shownBefore: Map<string, [number, number][]> = new Map(),
  /** The section's kind: a test, an example, a migration… is excerpted only for what it is about. */
  kind?: string,
): Promise<string[]> {
  const fx = factsOf(a);
  const out: string[] = [];
  let used = 0;
  const seen = new Set<string>();
  const covered = new Map(shownBefore);
  for (const c of findings.flatMap((f) => f.citations)) {
    const cited = splitCitation(c);
    const file = cited.path;
    const info = fx.fileByPath.get(file);
    if (!info || seen.has(c) || !excerptedFor(file, a, kind)) continue;
    seen.add(c);
    // a line already shown in an excerpt of its file is not shown again
    const shown = covered.get(file) ?? [];
    if (
      cited.line !== undefined &&
      shown.some(([a, b]) => cited.line! >= a && (cited.end ?? cited.line!) <= b)
    )
      continue;
    const lines = await readLines(ws.root, file);
    if (!lines) continue;
    // a cited line or range with `radius` lines around it; a bare file from its head
    const at = cited.line ?? 1;
    const from = Math.max(1, at - (cited.line !== undefined ? radius : 0));
    const last = cited.end ?? at;
    // a file the line counter has no language for (a Prisma schema) counts 0 lines: its own length then
    const length = lineCount(info) || lines.length;
    const to = Math.min(length, lines.length, last + radius * (cited.line !== undefined ? 1 : 3));
    const text = numbered(file, lines.slice(from - 1, to).join('\n'), from, excerptLabel(file, a));
    const t = tokens(text);
    if (used + t > tokenCap) {
      if (tokenCap - used < 100) break;
      continue; // a smaller excerpt may still fit
    }
    covered.set(file, [...shown, [from, to]]);
    out.push(text);
    used += t;
  }
  return out;
}

const readers = new WeakMap<Workspace, Map<string, Promise<string[] | undefined>>>();

/** `readLines` for one workspace, each file read once per report. */
export function linesOf(ws: Workspace): (file: string) => Promise<string[] | undefined> {
  let cache = readers.get(ws);
  if (!cache) readers.set(ws, (cache = new Map()));
  const c = cache;
  return (file) => {
    let p = c.get(file);
    if (!p) c.set(file, (p = readLines(ws.root, file)));
    return p;
  };
}

export { readLines };

/** A definition a writer is shown whole: where it starts, and why it is shown. */
export interface CentreDef {
  path: string;
  line: number;
  name: string;
  /**
   * A type is shown as its declaration (whole, or as an outline past `TYPE_LINES`); a function
   * whole; a place users extend the product (`point`) by the definition there, else the one around
   * it; a range (a struct's hook fields) from `line` to `end`.
   */
  shape?: 'type' | 'point' | 'range';
  end?: number;
}

/** Most lines of one function shown to a writer, and of a type's declaration or outline. */
const DEFINITION_LINES = 60;
const TYPE_LINES = 50;
/** Most lines of a type declared in no form the definitions know (a Prisma model), from its head. */
const HEAD_LINES = 25;
/** Most lines of a constructor's body kept in a type's outline: it sets the type's fields. */
const CONSTRUCTOR_LINES = 25;
/** Most lines of a member's signature when its parameters run over several lines. */
const SIGNATURE_LINES = 8;
/** Most places users extend the product a section is shown (the facts block names five). */
const EXTENSION_POINTS = 8;

const indentOf = (line: string) => /^\s*/.exec(line)![0].replace(/\t/g, '    ').length;
const CLOSES = /^\s*[}\])]/;
const CONSTRUCTOR = /^(?:constructor|__init__|new|init|initialize)$/;

/**
 * The last line of the type declared on `line` of comment-blanked code: its closing bracket, else
 * (an indented block) the last line indented under it; the head line itself for a one-line type.
 */
export function typeEnd(code: string[], line: number, language: string | null): number {
  const indent = indentOf(code[line - 1] ?? '');
  const inText = familyOf(language) === 'js' ? templateContinuations(code) : undefined;
  // a head over several lines (`class Context<` … `> {`, `class Form(` … `):`) ends where its
  // brackets close
  let depth = 0;
  let head = line;
  for (; head < line + SIGNATURE_LINES && head <= code.length; head++) {
    for (const c of (code[head - 1] ?? '').replace(/=>|->/g, ''))
      depth += '(<['.includes(c) ? 1 : ')>]'.includes(c) ? -1 : 0;
    if (depth <= 0) break;
  }
  if (depth > 0) head = line;
  let last = head;
  for (let i = head; i < code.length; i++) {
    const l = code[i]!;
    if (!l.trim() || inText?.has(i)) continue;
    if (indentOf(l) <= indent && !/^\s*(?:extends|implements)\b/.test(l))
      return CLOSES.test(l) ? i + 1 : last;
    last = i + 1;
  }
  return last;
}

/** The last line of a signature starting on `from`: where its brackets close, within a few lines. */
function signatureEnd(code: string[], from: number, to: number): number {
  let depth = 0;
  for (let n = from; n <= Math.min(to, from + SIGNATURE_LINES - 1); n++) {
    for (const c of code[n - 1] ?? '') depth += c === '(' ? 1 : c === ')' ? -1 : 0;
    if (depth <= 0) return n;
  }
  return from;
}

/**
 * A type's declaration as numbered lines, comment-only and blank lines left out: whole when it has
 * at most `maxLines` lines of code, else as its outline (its head, fields and constructor, and the
 * signature of every other member), cut at `maxLines`. A name declared otherwise (an object literal,
 * a function) is shown as a definition's body.
 */
export function typeDefinition(
  lines: string[],
  language: string | null,
  line: number,
  maxLines = TYPE_LINES,
): [number, string][] {
  const code = blankComments(lines.join('\n'), language).split('\n');
  const defs = definitions(code.join('\n'), language);
  const def =
    defs.find((d) => d.kind === 'type' && d.line === line) ??
    defs.find((d) => d.kind === 'type' && d.line > line && d.line <= line + 3);
  if (!def) return definitionBody(lines, language, line, Math.min(maxLines, HEAD_LINES));
  const end = typeEnd(code, def.line, language);
  const kept = (hidden: Set<number>) => {
    const out: [number, string][] = [];
    for (let n = def.line; n <= end; n++)
      if (code[n - 1]?.trim() && !hidden.has(n)) out.push([n, lines[n - 1]!.slice(0, 200)]);
    return out;
  };
  const whole = kept(new Set());
  if (whole.length <= maxLines) return whole;
  // the outline: each member's signature (a constructor's body too), the type's own lines around them
  const close = CLOSES.test(code[end - 1] ?? '') ? end - 1 : end;
  const hidden = new Set<number>();
  for (const m of defs) {
    if (m.kind === 'type' || m.line <= def.line || m.line > close || m.indent <= def.indent) continue;
    const last = Math.min(m.end, close);
    const shown = CONSTRUCTOR.test(m.name)
      ? Math.min(last, m.line + CONSTRUCTOR_LINES - 1)
      : signatureEnd(code, m.line, last);
    for (let n = shown + 1; n <= last; n++) hidden.add(n);
  }
  return kept(hidden).slice(0, maxLines);
}

/**
 * What a writer is shown of one centre definition: a type's declaration, a function's body, a
 * range's lines; a place users extend the product by the definition that starts there, else by the
 * function around it when that is short, else by the lines from it.
 */
export function centreLines(lines: string[], language: string | null, d: CentreDef): [number, string][] {
  if (d.shape === 'type') return typeDefinition(lines, language, d.line);
  if (d.shape === 'range') {
    const code = blankComments(lines.join('\n'), language).split('\n');
    const out: [number, string][] = [];
    const to = Math.min(d.end ?? d.line, d.line + DEFINITION_LINES - 1, lines.length);
    for (let n = d.line; n <= to; n++) if (code[n - 1]?.trim()) out.push([n, lines[n - 1]!.slice(0, 200)]);
    return out;
  }
  if (d.shape === 'point') {
    // the definition on the line, else the function the line is in (an option its constructor
    // reads, an event a method emits), else one a decorator or an annotation away
    const defs = definitions(blankComments(lines.join('\n'), language), language);
    const around = defs
      .filter((x) => x.kind !== 'type' && x.line < d.line && x.end >= d.line)
      .sort((x, y) => y.line - x.line)[0];
    const at =
      defs.find((x) => x.line === d.line) ??
      around ??
      defs.find((x) => x.line > d.line && x.line <= d.line + 3);
    if (at?.kind === 'type') return typeDefinition(lines, language, at.line);
    if (at && at === around && around.end - around.line >= DEFINITION_LINES)
      return definitionBody(lines, language, d.line, DEFINITION_LINES);
    if (at) return definitionBody(lines, language, at.line, DEFINITION_LINES);
  }
  return definitionBody(lines, language, d.line, DEFINITION_LINES);
}

/**
 * The places users extend the product, as a writer is shown them: a hook field's lines, else the
 * definition at the point (a registration method, an abstract base, the function that emits an event).
 */
export function extensionDefs(a: Analysis): CentreDef[] {
  const { points, detail } = projectModel(a).extension.value;
  const hooks = detail.hooks;
  return points
    .slice(0, EXTENSION_POINTS)
    .map((p) =>
      p.kind === 'hooks' && hooks && p.path === hooks.path && p.line === hooks.line
        ? { path: p.path, line: p.line, name: p.name, shape: 'range', end: hooks.endLine }
        : { path: p.path, line: p.line, name: p.name, shape: 'point' },
    );
}

/**
 * The definitions each kind of section needs to tell what the product is and how it works, in the
 * order they matter for it: the overview the first steps of the main path, the architecture the
 * whole path and the central abstractions, the components the abstractions first, the API where
 * users start (entry points and the public surface), the data model its stored entities as declared
 * (a Prisma or SQL schema too). The overview, the architecture, the components and the API also get
 * the layers' boundaries (the definitions where work enters each layer) and the places users extend
 * the product (the extension mechanism's points): the API and the components all of them, the
 * architecture its leading ones, the overview the first. Other kinds get none.
 */
export function centreFor(kind: string, a: Analysis): CentreDef[] {
  // a step a derive macro writes (`Opts::parse()`) has no body of its own to show: its struct is long
  // and says nothing of the work
  const steps = (a.identity?.mainPath ?? [])
    .filter((s) => !s.external && !s.derived)
    .map((s) => ({ path: s.path, line: s.line, name: s.name }));
  const m = projectModel(a);
  const types = m.abstractions.value.slice(0, CENTRAL_TYPES).map((t) => ({
    path: t.path,
    line: t.line,
    name: t.name,
    shape: 'type' as const,
  }));
  const entries = (a.identity?.entryPoints ?? []).map((e) => ({ path: e.path, line: e.line, name: e.how }));
  const api = (a.identity?.publicApi ?? []).map((p) => ({ path: p.path, line: p.line, name: p.name }));
  const stored = (a.dataModel ?? [])
    .filter((d) => d.store !== 'schema')
    .map((d) => ({ path: d.file, line: d.line, name: d.name, shape: 'type' as const }));
  // where work crosses from one layer into the next: each layer's first boundary, then the others; a
  // parser a derive macro writes has no body of its own
  const derived = new Set(
    (a.identity?.mainPath ?? []).filter((s) => s.derived).map((s) => `${s.path}:${s.line}`),
  );
  const layers = m.layers.value.map((l) => l.boundaries.filter((b) => !derived.has(`${b.path}:${b.line}`)));
  const def = (b: Boundary) => ({ path: b.path, line: b.line, name: b.name });
  const firsts = layers.flatMap((b) => b.slice(0, 1)).map(def);
  const boundaries = [...firsts, ...layers.flatMap((b) => b.slice(1)).map(def)];
  const points = extensionDefs(a);
  const lists: Record<string, CentreDef[]> = {
    overview: [...steps.slice(0, 5), ...types.slice(0, 1), ...points.slice(0, 1), ...boundaries.slice(0, 3)],
    // the path's first steps, where each layer is entered, the path's rest, then the central types
    // and how users extend it (which the components are shown first)
    architecture: [
      ...steps.slice(0, 4),
      ...firsts,
      ...steps.slice(4, 8),
      ...types.slice(0, 3),
      ...points.slice(0, 3),
      ...boundaries.slice(firsts.length),
    ],
    components: [...types, ...points, ...steps.slice(0, 4), ...boundaries.slice(0, 4)],
    api: [
      ...entries.slice(0, 2),
      ...points,
      ...api.slice(0, 4),
      ...steps.slice(0, 3),
      ...boundaries.slice(0, 3),
    ],
    'data-model': stored.slice(0, 6),
  };
  const seen = new Set<string>();
  return (lists[kind] ?? []).filter(
    (d) => !seen.has(`${d.path}:${d.line}`) && !!seen.add(`${d.path}:${d.line}`),
  );
}

/**
 * A definition's whole body as numbered lines, from its first line to where the next definition
 * of its depth starts, with comment-only and blank lines left out (the numbers stay true).
 */
export function definitionBody(
  lines: string[],
  language: string | null,
  line: number,
  maxLines = DEFINITION_LINES,
): [number, string][] {
  const code = blankComments(lines.join('\n'), language).split('\n');
  const defs = definitions(code.join('\n'), language);
  const def = defs.find((d) => d.line === line) ?? defs.find((d) => d.line > line && d.line <= line + 3);
  const from = def?.line ?? line;
  const to = Math.min(lines.length, def ? def.end : line + maxLines, from + maxLines - 1);
  const out: [number, string][] = [];
  for (let n = from; n <= to; n++) if (code[n - 1]?.trim()) out.push([n, lines[n - 1]!.slice(0, 200)]);
  return out;
}

/** The ranges of lines a body shows: split where it leaves out a line of code, not a comment or a blank. */
function runsOf(body: [number, string][], code: string[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const [n] of body) {
    const run = runs.at(-1);
    let gap = false;
    for (let k = (run?.[1] ?? n) + 1; k < n && !gap; k++) gap = !!code[k - 1]?.trim();
    if (run && !gap) run[1] = n;
    else runs.push([n, n]);
  }
  return runs;
}

/**
 * The section's centre definitions, whole, each file in one block, within `cap` tokens; with the
 * line ranges they show, which the other excerpts need not show again.
 */
export async function centreExcerpts(
  kind: string,
  ws: Workspace,
  a: Analysis,
  cap: number | ((kind: string) => number),
  tokens: (t: string) => number,
): Promise<{ excerpts: string[]; shown: Map<string, [number, number][]> }> {
  const fx = factsOf(a);
  const read = linesOf(ws);
  const byFile = new Map<string, Map<number, string>>();
  const shown = new Map<string, [number, number][]>();
  const allowance = typeof cap === 'number' ? cap : cap(kind);
  const blanked = new Map<string, string[]>();
  let used = 0;
  for (const d of centreFor(kind, a)) {
    const info = fx.fileByPath.get(d.path);
    const lines = info ? await read(d.path) : undefined;
    if (!lines) continue;
    const body = centreLines(lines, info!.language, d);
    const t = tokens(body.map(([, l]) => l).join('\n')) + 4 * body.length + 10;
    if (!body.length || used + t > allowance) continue;
    used += t;
    const numbered = byFile.get(d.path) ?? new Map<number, string>();
    for (const [n, l] of body) numbered.set(n, l);
    byFile.set(d.path, numbered);
    // the runs of lines shown: a type's outline leaves its members' bodies out, which a cited
    // excerpt may still show
    let code = blanked.get(d.path);
    if (!code) blanked.set(d.path, (code = blankComments(lines.join('\n'), info!.language).split('\n')));
    shown.set(d.path, [...(shown.get(d.path) ?? []), ...runsOf(body, code)]);
  }
  const excerpts = [...byFile].map(([file, numbered]) => {
    const entries = [...numbered].sort((x, y) => x[0] - y[0]);
    const width = String(entries.at(-1)![0]).length;
    const label = excerptLabel(file, a);
    return `FILE ${file} (definitions on the main path, central to the product or where users extend it; comments left out${label ? `; ${label}` : ''})\n${entries.map(([n, l]) => `${String(n).padStart(width)}| ${l}`).join('\n')}`;
  });
  return { excerpts, shown };
}

/**
 * The tokens of centre definitions a writer is shown, on average over `kinds` (one a section), as
 * the writer sends them (each file's block an excerpt of its own): what the planner expects of the
 * centre once the analysis is at hand, where the main path and the central types may be long,
 * short or absent.
 */
export async function centreTokens(
  kinds: string[],
  ws: Workspace,
  a: Analysis,
  cap: number | ((kind: string) => number),
  tokens: (t: string) => number,
): Promise<number> {
  const byKind = new Map<string, number>();
  let total = 0;
  for (const kind of kinds) {
    if (!byKind.has(kind)) {
      const { excerpts } = await centreExcerpts(kind, ws, a, cap, tokens);
      byKind.set(
        kind,
        excerpts.reduce((n, e, i) => n + tokens(dataBlock(`excerpt ${i + 1}`, e)), 0),
      );
    }
    total += byKind.get(kind)!;
  }
  return kinds.length ? total / kinds.length : 0;
}
