// What a model sees about the code base: a facts block of the analysis' counts, the findings with
// their citations, and numbered excerpts of the cited or most relevant files.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Analysis } from '../../analyse/types.ts';
import { splitCitation } from '../../citations.ts';
import { factsOf, lineCount, NON_CODE_LANGUAGES } from '../facts.ts';
import type { Finding } from '../types.ts';
import type { Workspace } from '../../types.ts';
import { numbered } from './prompts.ts';

// where a framework seen is not what the product runs on
const ELSEWHERE = new Set(['examples', 'tests', 'docs', 'benchmarks', 'fixtures', 'playground', 'scripts']);

/** The counts a writer may state, one per line. */
export function factsBlock(a: Analysis, projectName: string): string {
  const fx = factsOf(a);
  const own = a.routes.filter((r) => !r.area || r.area === 'product');
  const lines = [
    `project: ${projectName}`,
    `files analysed: ${a.project.files}`,
    `lines: ${a.project.lines.code} code, ${a.project.lines.comment} comment, ${a.project.lines.blank} blank`,
    `languages: ${
      a.languages
        .filter((l) => !NON_CODE_LANGUAGES.has(l.language))
        .map((l) => `${l.language} (${l.files} files, ${l.code} code lines)`)
        .join('; ') || 'none'
    }`,
    `dependencies: ${a.dependencies.length} declared (${fx.runtimeDeps.length} runtime, ${fx.devDeps.length} development) in ${a.manifests.length} manifests`,
    ...a.dependencies
      .slice(0, 25)
      .map(
        (d) => `dependency ${d.name} ${d.version} (${d.scope}, ${d.manifest}${d.line ? `:${d.line}` : ''})`,
      ),
    `frameworks: ${a.frameworks.map((f) => `${f.name}${f.version ? ` ${f.version}` : ''}${f.area && ELSEWHERE.has(f.area) ? ` (in ${f.area} only)` : ''}`).join(', ') || 'none detected'}`,
    // routes of examples or tests are not the product's: a model must not say the product serves them
    `HTTP routes served by the product: ${own.length}${a.routes.length > own.length ? ` (${a.routes.length - own.length} more declared in ${[...new Set(a.routes.filter((r) => !own.includes(r)).map((r) => r.area))].join(', ')}, not served by the product)` : ''}`,
    `tests: ${a.tests.totalCases} test cases in ${fx.testFiles.length} test files`,
    ...(a.identity ? [`project kind: ${[a.identity.kind, ...a.identity.kinds].join(', ')}`] : []),
    `top-level folders: ${a.tree.children.map((d) => `${d.path || d.name} (${d.files} files, ${d.lines} code lines)`).join('; ') || 'none'}`,
    `licence: ${a.license?.spdx ?? 'none found'}`,
  ];
  return lines.join('\n');
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

/** Excerpts of ±radius lines around each cited `path:line`, whole heads of cited files, within a token cap. */
export async function snippets(
  findings: Finding[],
  ws: Workspace,
  a: Analysis,
  tokenCap: number,
  tokens: (t: string) => number,
  radius = 8,
): Promise<string[]> {
  const fx = factsOf(a);
  const out: string[] = [];
  let used = 0;
  const seen = new Set<string>();
  const covered = new Map<string, [number, number][]>();
  for (const c of findings.flatMap((f) => f.citations)) {
    const cited = splitCitation(c);
    const file = cited.path;
    const info = fx.fileByPath.get(file);
    if (!info || seen.has(c)) continue;
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
    const to = Math.min(lineCount(info), lines.length, last + radius * (cited.line !== undefined ? 1 : 3));
    const text = numbered(file, lines.slice(from - 1, to).join('\n'), from);
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
