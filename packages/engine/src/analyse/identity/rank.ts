// Key components: product files ranked by personalised PageRank over the file reference graph, as
// aider's repository map does (an edge from a file to the file defining an identifier it uses,
// weighted by how often and how specific the identifier is), seeded by the entry points.

import { definitions, familyOf, type Def } from '../flow/definitions.ts';
import type { ImportInfo, SymbolInfo } from '../types.ts';

export interface Graph {
  nodes: string[];
  /** from → to → weight */
  edges: Map<string, Map<string, number>>;
}

function addEdge(g: Graph, from: string, to: string, w: number): void {
  if (from === to || w <= 0) return;
  const out = g.edges.get(from) ?? new Map<string, number>();
  out.set(to, (out.get(to) ?? 0) + w);
  g.edges.set(from, out);
}

/** Characters of a file read for identifiers: enough for any hand-written module. */
export const SCAN_CHARS = 200_000;
/** What separates identifiers: splitting on it is several times faster than matching each one. */
export const NON_WORD = /[^A-Za-z0-9_$]+/;

/**
 * The reference graph of `files`: for every identifier defined in one file and used in another, an
 * edge user → definer of weight mul × √uses (×10 for long structured names, ×0.1 for private or
 * widely defined ones), plus an edge for every resolved import.
 */
export function referenceGraph(
  files: string[],
  text: (p: string) => string | null,
  symbols: SymbolInfo[],
  imports: ImportInfo[],
): Graph {
  const g: Graph = { nodes: files, edges: new Map() };
  const inGraph = new Set(files);
  const definers = new Map<string, Set<string>>();
  for (const s of symbols) {
    if (!inGraph.has(s.path) || s.name.length < 3) continue;
    const set = definers.get(s.name) ?? new Set<string>();
    set.add(s.path);
    definers.set(s.name, set);
  }
  // the files each file imports: a name several files define is taken from the one imported
  const imported = new Map<string, Set<string>>();
  for (const imp of imports)
    if (imp.resolved && inGraph.has(imp.from))
      imported.set(imp.from, (imported.get(imp.from) ?? new Set()).add(imp.resolved));
  for (const f of files) {
    const full = text(f);
    if (!full) continue;
    // a generated or bundled giant says little more after its first part, and would cost the most
    const t = full.length > SCAN_CHARS ? full.slice(0, SCAN_CHARS) : full;
    const uses = new Map<string, number>();
    // splitting on non-word characters is several times faster than matching identifiers one by one
    for (const w of t.split(NON_WORD)) if (definers.has(w)) uses.set(w, (uses.get(w) ?? 0) + 1);
    for (const [name, n] of uses) {
      const all = definers.get(name)!;
      const chosen = all.size > 1 ? [...all].filter((d) => imported.get(f)?.has(d)) : [];
      const defs = chosen.length ? new Set(chosen) : all;
      let mul = 1;
      if (name.length >= 8 && /[a-z][A-Z]|_|-/.test(name)) mul *= 10;
      if (name.startsWith('_')) mul *= 0.1;
      if (defs.size > 5) mul *= 0.1;
      for (const d of defs) if (d !== f) addEdge(g, f, d, mul * Math.sqrt(n));
    }
  }
  for (const imp of imports) {
    if (imp.resolved && inGraph.has(imp.from) && inGraph.has(imp.resolved))
      addEdge(g, imp.from, imp.resolved, 1);
  }
  return g;
}

/** Weighted PageRank with a personalisation (teleport and dangling) vector; scores sum to 1. */
export function pageRank(
  g: Graph,
  seeds: string[] = [],
  damping = 0.85,
  iterations = 60,
): Map<string, number> {
  const n = g.nodes.length;
  if (!n) return new Map();
  const index = new Map(g.nodes.map((v, i) => [v, i]));
  const seedIdx = [...new Set(seeds)].map((s) => index.get(s)).filter((i): i is number => i !== undefined);
  const personal = new Float64Array(n).fill(seedIdx.length ? 0.2 / n : 1 / n);
  // most of the teleport mass goes to the seeds; a little uniform mass keeps unreachable files ranked
  for (const i of seedIdx) personal[i]! += 0.8 / seedIdx.length;
  const edges: { from: number; to: number; w: number }[] = [];
  const outSum = new Float64Array(n);
  for (const [from, tos] of g.edges) {
    const f = index.get(from);
    if (f === undefined) continue;
    for (const [to, w] of tos) {
      const t = index.get(to);
      if (t === undefined) continue;
      edges.push({ from: f, to: t, w });
      outSum[f]! += w;
    }
  }
  let rank = new Float64Array(n).fill(1 / n);
  for (let it = 0; it < iterations; it++) {
    const next = new Float64Array(n);
    let dangling = 0;
    for (let i = 0; i < n; i++) if (!outSum[i]) dangling += rank[i]!;
    for (const e of edges) next[e.to]! += (damping * rank[e.from]! * e.w) / outSum[e.from]!;
    let delta = 0;
    for (let i = 0; i < n; i++) {
      next[i]! += (damping * dangling + 1 - damping) * personal[i]!;
      delta += Math.abs(next[i]! - rank[i]!);
    }
    rank = next;
    if (delta < 1e-9) break;
  }
  return new Map(g.nodes.map((v, i) => [v, rank[i]!]));
}

/** Lines of function bodies at which a file counts as fully a unit of work. */
const WORK_LINES = 100;

/**
 * The lines of a file's code that sit in function and method bodies, each counted once: what it does
 * rather than what it declares (a file of types, of `mod` lines or of empty exception classes has
 * next to none). Undefined where the language's definitions are not read.
 */
export function workLines(
  code: string,
  language: string | null,
  read: Def[] = definitions(code, language),
): number | undefined {
  if (!familyOf(language)) return undefined;
  const defs = read.filter((d) => d.kind !== 'type');
  const lines = code.split('\n');
  // measured as the definitions are: a tab is four columns
  const indent = (l: string) => /^\s*/.exec(l)![0].replace(/\t/g, '    ').length;
  const body = new Set<number>();
  // a body is what is indented under its head: a definition's recorded end runs on to the next
  // definition, past module-level code (`if TYPE_CHECKING:`, `mod` lines) that is nobody's body
  for (const d of defs)
    for (let i = d.line + 1; i <= d.end && i <= lines.length; i++) {
      const l = lines[i - 1]!;
      if (!l.trim()) continue;
      if (indent(l) <= d.indent) break;
      body.add(i);
    }
  return body.size;
}

/**
 * How much a file's reference rank counts as centrality: in full for a file that does work, less for
 * a tiny utility (koa's 9-line `only.js`), a file of types or of exception classes, which many files
 * name but which do little. The square root keeps a small file that everything uses in view.
 */
export function workWeight(work: number | undefined): number {
  return work === undefined ? 1 : Math.min(1, Math.sqrt((work + 5) / WORK_LINES));
}

const LICENCE =
  /copyright|\blicen[cs]e\b|licen[cs]ed under|spdx|all rights reserved|permission is hereby|warranty|apache\.org|gnu\.org/i;

// lines that may come before a file's header comment or between it and the code it describes
const PREAMBLE =
  /^\s*($|#!|#\[|package\s|import\s|from\s+\S+\s+import\s|use\s|require\(|(const|let|var)\s+\w+\s*=\s*require\(|['"]use strict['"]|@file|mod\s+\w+;|extern\s+crate|#\s*-\*-|\)|import\s*\()/;

/** The comment blocks and docstrings above a file's first declaration, in order. */
// magic comments set how the interpreter reads the file (`# frozen_string_literal: true`,
// `# -*- coding: utf-8 -*-`): they say nothing of what it does
const MAGIC_COMMENT =
  /^\s*(?:(?:frozen_string_literal|shareable_constant_value|warn_indent|typed|(?:en)?coding):[ \t]*[\w-]+|-\*-.*-\*-)\s*$/i;

// who wrote the file ("Original definitions by: …", "Authors: …") says nothing of what it does
const CREDIT =
  /^\s*(?:\*\s*)?(?:original\s+)?(?:type\s+)?(?:(?:definitions|written|created|maintained)\s+by|authors?:|contributors?:|maintainers?:)/i;

function headerBlocks(text: string): string[] {
  const blocks: string[] = [];
  const lines = text.split('\n', 400);
  let i = 0;
  // once imports or other code have passed, only doc comments still describe the file's subject
  let pastPreamble = false;
  const take = (re: RegExp, strip: RegExp) => {
    const out: string[] = [];
    while (i < lines.length && re.test(lines[i]!)) out.push(lines[i++]!.replace(strip, ''));
    return out.filter((l) => !MAGIC_COMMENT.test(l) && !CREDIT.test(l)).join(' ');
  };
  while (i < lines.length) {
    const l = lines[i]!;
    const t = l.trim();
    if (/^("""|''')/.test(t)) {
      const q = t.slice(0, 3);
      const rest = t.slice(3);
      if (rest.includes(q)) {
        blocks.push(rest.slice(0, rest.indexOf(q)));
        i++;
        continue;
      }
      const out = [rest];
      for (i++; i < lines.length && !lines[i]!.includes(q); i++) out.push(lines[i]!);
      if (i < lines.length) out.push(lines[i]!.slice(0, lines[i]!.indexOf(q)));
      i++;
      blocks.push(out.join('\n'));
    } else if (/^\/\*/.test(t)) {
      const out: string[] = [];
      for (; i < lines.length; i++) {
        out.push(lines[i]!);
        if (lines[i]!.includes('*/')) break;
      }
      i++;
      if (/^\/\*\*/.test(t) || !pastPreamble) blocks.push(blockCommentText(out));
    } else if (/^(\/\/|#(?![![])|--)/.test(t)) {
      // after the imports, only a module's inner doc comment (//!) still describes the file
      const doc = /^\/\/!/.test(t);
      const text = take(/^\s*(\/\/|#(?![![])|--)/, /^\s*(\/\/[/!]?|#|--)\s?/);
      if (doc || !pastPreamble) blocks.push(text);
    } else if (PREAMBLE.test(l) || /^\s*"[^"]*"\s*$/.test(l) || /^\s*@\w+/.test(t)) {
      if (t && !/^(#!|#\[)/.test(t)) pastPreamble = true;
      i++;
    } else break;
  }
  return blocks;
}

/**
 * A docstring without its reStructuredText title: "requests.models" over a line of `~` names the
 * module, it does not say what it does.
 */
function withoutTitles(block: string): string {
  const lines = block.split('\n');
  const rule = (l: string | undefined) => l !== undefined && /^\s*([=~\-^*#+_`.:'"])\1{2,}\s*$/.test(l);
  return lines.filter((l, i) => !rule(l) && !rule(lines[i + 1])).join('\n');
}

/** Prose, not ASCII art: most of what is not a space is letters. */
function mostlyWords(text: string): boolean {
  const ink = text.replace(/\s/g, '');
  const letters = ink.replace(/[^\p{L}]/gu, '');
  return letters.length >= ink.length * 0.6;
}

/** The first sentence of a file's header comment or docstring, when it has one that is not a licence. */
export function headerSummary(text: string): string | undefined {
  // a Go comment above the package clause documents the package, not this file
  const goPackage = /^package\s+\w+\s*$/m.exec(text);
  const own = goPackage ? text.slice(goPackage.index + goPackage[0].length) : text;
  for (const b of headerBlocks(own)) {
    // a JSDoc block of `@typedef {import(…)}` lines tells the editor where the types come from
    if (/@typedef\s*\{\s*import\(|@import\s/.test(b)) continue;
    // Javadoc and JSDoc markup says nothing in prose: `{@link Owner}` is Owner, `<code>x</code>` is x;
    // reStructuredText roles name what they mark (:class:`Session` is Session) and a docstring's
    // :copyright: and :license: fields are no part of what the module does
    const t = withoutTitles(b)
      .split('\n')
      .filter((l) => !CREDIT.test(l))
      .join('\n')
      .replace(/^[ \t]*:(copyright|license|licence):.*$/gim, '')
      .replace(/:[\w.-]+(?::[\w.-]+)*:`~?([^`<]*?)(?: ?<[^>]*>)?`/g, '$1')
      .replace(/``([^`]+)``/g, '$1')
      .replace(/\{@\w+\s([^{}]*)\}/g, (_, words: string) => words.trimStart())
      .replace(/<\/?[a-z][^>]*>/gi, '')
      .replace(/@\w+[^\n]*/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (
      t.length < 12 ||
      !mostlyWords(t) ||
      LICENCE.test(t) ||
      // section labels (`Module variables.`) head a block of code rather than describe the file
      /^(module (dependencies|variables|exports)|((external|internal|third[- ]party|local) )?(dependencies|imports?|requires?)|todo|fixme|xxx|hack|noqa|type: ignore)\b/i.test(
        t,
      ) ||
      // a credit to the work a file started from says where it came from, not what it does
      /\b(based on|derived from|copy paste from)\b.{0,40}\bwork\b|\boriginal work\b|\bstarted out as\b/i.test(
        t,
      ) ||
      /^(eslint|prettier|@ts-|jshint|global\s|go:build|\+build)/i.test(t) ||
      // a bare link says where the code came from, not what it does
      /^(?:(?:source|from|see|origin(?:al)?|based on|ported from|copied from):?\s+)?https?:\/\/\S+$/i.test(t)
    )
      continue;
    return (
      firstSentence(t) ??
      (t.length <= 160
        ? t
        : `${t
            .slice(0, 157)
            .replace(/\s\S*$/, '')
            .trimEnd()}…`)
    );
  }
  return undefined;
}

// abbreviations whose full stop ends no sentence
const ABBREVIATION = /\b(e\.g|i\.e|etc|vs|cf|approx|incl|Mr|Mrs|Dr|No)\.$/i;

/** The first sentence of `t`, 12 to 300 characters long, or undefined when none ends in that span. */
export function firstSentence(t: string): string | undefined {
  // a full stop its author left out: a word that opens sentences, capitalised after a lower-case word
  // ("for Vet domain objects All method names are …") ends the sentence before it
  const missing = /[a-z](?=\s+(?:All|The|This|These|Those|It|Its|Each|Every|See|Note)\s[a-z])/.exec(t);
  const stop = /[.!?](?=\s|$)/.exec(t);
  if (missing && missing.index >= 11 && missing.index < 300 && (!stop || missing.index < stop.index))
    return `${t.slice(0, missing.index + 1)}.`;
  const end = /[.!?](?=\s|$)/g;
  for (let m = end.exec(t); m && m.index < 300; m = end.exec(t)) {
    const s = t.slice(0, m.index + 1);
    if (s.length >= 12 && !ABBREVIATION.test(s)) return s;
  }
  return undefined;
}

// A block comment's words: its opening and closing marks and each line's leading star gone (linear in its length).
function blockCommentText(lines: string[]): string {
  let text = lines.join('\n').replace(/^\s*\/\*+!?/, '');
  const close = /\*\/\s*$/.exec(text);
  if (close) {
    let end = close.index;
    while (end > 0 && text[end - 1] === '*') end--;
    text = text.slice(0, end);
  }
  return text
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, ''))
    .join('\n');
}
