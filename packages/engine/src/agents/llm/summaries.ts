// The model's reading of the product, bottom-up: one summary per module (a folder's source files,
// in full or as signatures, as the budget planner decided), parents summarised from their
// children, and the repository from its top modules plus a map of what was not read. Every summary
// keeps the `path:line` citations it rests on (checked against the files), and each request's text
// depends only on its inputs, so the response cache makes a regenerated report re-send only the
// modules that changed and the parents above them.

import { z } from 'zod';
import { referenceGraph, type Graph } from '../../analyse/identity/rank.ts';
import type { Analysis } from '../../analyse/types.ts';
import { fitsFile, splitCitation } from '../../citations.ts';
import { EngineError } from '../../errors.ts';
import type { ModelSession } from '../../llm/client.ts';
import type { ProgressUnits, Workspace } from '../../types.ts';
import { factsOf, lineCount } from '../facts.ts';
import { mapLimit } from '../map-limit.ts';
import type { AgentDeps, Finding, SectionPlan } from '../types.ts';
import { centreTokens, factsBlock, linesOf } from './evidence.ts';
import { abstractionsOf, extensionOf } from '../model.ts';
import { askJson } from './json.ts';
import { dataBlock, DATA_RULE } from './prompts.ts';
import {
  moduleOf,
  planReading,
  centreCap,
  FILE_CAP_TOKENS,
  productSources,
  readFilesOf,
  readingRoleOf,
  type ReadingRole,
  REPOSITORY,
  ROUTING,
  SETTINGS,
  SUMMARY_MAX_OUT,
  type ReadingPlan,
} from './reading.ts';

export interface Summary {
  /** The module's folder, a parent folder, or REPOSITORY. */
  dir: string;
  text: string;
  findings: Finding[];
}

export interface Reading {
  plan: ReadingPlan;
  /** The product's reference graph (who uses whose definitions), for each section's topic ranking. */
  graph: Graph;
  /** By folder; REPOSITORY is the repository summary. */
  summaries: Map<string, Summary>;
  /** Modules or folders whose summary request failed (model error or budget); their files count as not read. */
  failed: string[];
}

export const SUMMARY_SYSTEM = `Role: summariser. You read one module of a software project (numbered source lines, or the summaries of its sub-modules) and explain what it does and how: its responsibility, its main types and functions, and how work flows through it. Read the module as a part of the project described first (its purpose, manifest and kind) and say what it does for that product; code of examples, tests or fixtures is named as such. Name only identifiers that appear in the material and cite the exact lines as path:line; say what the material does not show rather than guess. ${DATA_RULE} Answer with one JSON object only: {"summary":"at most 6 sentences, as many as the material carries (one when the module does little)","findings":[{"statement":"one factual sentence","citations":["path:line"]}]}, at most 6 findings.`;

const SummaryAnswer = z.object({
  summary: z.string().max(3000).default(''),
  findings: z
    .array(
      z.object({ statement: z.string().min(1).max(600), citations: z.array(z.string()).max(10).default([]) }),
    )
    .max(20)
    .default([]),
});

// definitions written as assignments, read like declarations: `proto.handle = function`,
// `exports.x = …`, `module.exports = …`, `export const GET = …`, `app.use = (req) => …`
const ASSIGNED =
  /^\s*(?:export\s+(?:default\s+)?(?:const|let|var)\s+[\w$]+\s*(?::[^=]+)?=|(?:(?:const|let|var)\s+[\w$]+\s*=\s*)?(?:module\.)?exports(?:\.[\w$]+)?\s*=|(?:[\w$]+\.)+[\w$]+\s*=\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*=>|[\w$]+\s*=>))/;

/** Lines that define something by assignment (1-based): read like declarations. */
export function assignedDefinitions(lines: string[]): number[] {
  const out: number[] = [];
  lines.forEach((l, i) => {
    if (ASSIGNED.test(l)) out.push(i + 1);
  });
  return out;
}

const isComment = (s: string) => /^\s*(\/\/|\/\*|\*|#(?!include|define|\[|!)|"""|'''|--)/.test(s);
// a leading comment that is a licence or copyright notice says nothing about the code
const NOTICE = /\b(licen[cs]e|copyright|spdx-license-identifier)\b/i;

/** The line numbers (1-based) of a file's leading licence or copyright notice, or none. */
export function noticeLines(lines: string[]): Set<number> {
  let i = 0;
  while (i < lines.length && (isComment(lines[i]!) || !lines[i]!.trim())) i++;
  const out = new Set<number>();
  if (i > 0 && NOTICE.test(lines.slice(0, i).join('\n'))) for (let n = 1; n <= i; n++) out.add(n);
  return out;
}

/** A file as signatures: its header comment, then each definition's line with the comment above it. */
export function signatureLines(lines: string[], definitionLines: number[]): [number, string][] {
  const keep = new Set<number>();
  const notice = noticeLines(lines);
  // the header: leading comment lines, but for a licence notice
  for (let i = 0; i < Math.min(lines.length, 12) && (isComment(lines[i]!) || !lines[i]!.trim()); i++)
    if (lines[i]!.trim() && !notice.has(i + 1)) keep.add(i + 1);
  for (const at of definitionLines) {
    if (at < 1 || at > lines.length) continue;
    keep.add(at);
    for (let i = at - 2, n = 0; i >= 0 && n < 4 && isComment(lines[i]!); i--, n++) keep.add(i + 1);
  }
  if (!definitionLines.length)
    for (let i = 0, n = 0; i < lines.length && n < 8; i++)
      if (lines[i]!.trim()) {
        keep.add(i + 1);
        n++;
      }
  return [...keep].sort((a, b) => a - b).map((n) => [n, lines[n - 1]!.slice(0, 200)]);
}

/** Numbered lines that need not be contiguous: what a model cites from. */
export function numberedLines(path: string, entries: [number, string][], what: string): string {
  const width = String(entries.at(-1)?.[0] ?? 1).length;
  return `FILE ${path} (${what})\n${entries.map(([n, l]) => `${String(n).padStart(width)}| ${l}`).join('\n')}`;
}

/** `path: name, name…` for the repository map; a file that is not product code says what it is. */
export function namesLine(path: string, names: string[], role: ReadingRole = 'product'): string {
  const label = role === 'product' ? '' : ` (${role})`;
  return `${path}${label}${names.length ? `: ${names.slice(0, 12).join(', ')}` : ''}`;
}

/** Numbered lines cut to `cap` tokens: what one file may take of any prompt. */
function capped(
  path: string,
  entries: [number, string][],
  what: string,
  count: (t: string) => number,
): string {
  let text = numberedLines(path, entries, what);
  if (count(text) <= FILE_CAP_TOKENS) return text;
  // cut by the share that fits, then line by line until it does
  let keep = Math.floor((entries.length * FILE_CAP_TOKENS) / count(text));
  do {
    text = numberedLines(path, entries.slice(0, keep), `${what}; cut at ${FILE_CAP_TOKENS} tokens`);
    keep = Math.floor(keep * 0.9);
  } while (keep > 0 && count(text) > FILE_CAP_TOKENS);
  return text;
}

interface Source {
  lines: string[];
  full: string;
  signatures: string;
  names: string;
}

/** Reads the product's sources and measures them at each depth, for the planner and the requests. */
async function loadSources(
  a: Analysis,
  ws: Workspace,
  count: (t: string) => number,
): Promise<Map<string, Source>> {
  // the writers' excerpts and checks read the same files: one read per file per report
  const read = linesOf(ws);
  const defs = new Map<string, { line: number; name: string }[]>();
  for (const s of a.symbols) {
    const list = defs.get(s.path) ?? [];
    list.push({ line: s.line, name: s.name });
    defs.set(s.path, list);
  }
  const out = new Map<string, Source>();
  await mapLimit(productSources(a), 16, async (f) => {
    const lines = await read(f.path);
    if (!lines) return;
    const d = (defs.get(f.path) ?? []).sort((x, y) => x.line - y.line);
    const notice = noticeLines(lines);
    const body: [number, string][] = lines
      .map((l, i): [number, string] => [i + 1, l])
      .filter(([n]) => !notice.has(n));
    const declared = [...new Set([...d.map((x) => x.line), ...assignedDefinitions(lines)])].sort(
      (x, y) => x - y,
    );
    out.set(f.path, {
      lines,
      // the full text without its licence notice; the planner reads in full only what fits the cap
      full: numberedLines(f.path, body, `lines ${body[0]?.[0] ?? 1}-${lines.length}`),
      signatures: capped(
        f.path,
        signatureLines(lines, declared),
        'signatures: declarations and their comments',
        count,
      ),
      names: namesLine(
        f.path,
        d.map((x) => x.name),
        readingRoleOf(f, a),
      ),
    });
  });
  return out;
}

/**
 * What every summariser is told of the project before its module: the README's purpose, the
 * product's manifest and the kind of project, so a module is read as a part of that product.
 */
export function projectContext(a: Analysis, projectName: string): string {
  // the product's manifest that says what it is (name, version, description), else the one that
  // declares what it runs with (`requirements.txt` before `requirements-dev.txt`); an empty one says nothing
  const own = a.manifests.filter((m) => !m.area || m.area === 'product');
  const said = (m: (typeof own)[number]) => [m.name, m.version, m.description].filter(Boolean);
  const manifest =
    own.find((m) => said(m).length) ??
    own.find((m) => a.dependencies.some((d) => d.manifest === m.path && d.scope === 'runtime')) ??
    own[0];
  const lines = [
    a.identity?.purpose ? `purpose (${a.identity.purpose.source.path}): ${a.identity.purpose.text}` : '',
    manifest
      ? `manifest ${manifest.path}${said(manifest).length ? `: ${said(manifest).join(' — ')}` : ''}`
      : '',
    a.identity ? `project kind: ${[a.identity.kind, ...(a.identity.kinds ?? [])].join(', ')}` : '',
  ].filter(Boolean);
  return lines.length ? dataBlock(`what ${projectName} is`, lines.join('\n')) : '';
}

/** What a module's files do for the product, from the analysis: one line for its summariser. */
export function moduleRole(files: string[], a: Analysis): string {
  const has = new Set(files);
  const roles: string[] = [];
  const entries = (a.identity?.entryPoints ?? []).filter((e) => has.has(e.path));
  if (entries.length)
    roles.push(
      `where the product starts (${entries
        .map((e) => e.how)
        .slice(0, 2)
        .join('; ')})`,
    );
  const steps = (a.identity?.mainPath ?? []).filter((s) => !s.external && has.has(s.path));
  if (steps.length)
    roles.push(
      `on the main path: ${steps
        .map((s) => s.name)
        .slice(0, 6)
        .join(', ')}`,
    );
  const routes = a.routes.filter((r) => (!r.area || r.area === 'product') && has.has(r.file));
  if (routes.length) roles.push(`declares ${routes.length} of the product's routes`);
  const types = abstractionsOf(a).value.filter((t) => has.has(t.path));
  if (types.length)
    roles.push(
      `defines central types of the product (${types
        .map((t) => t.name)
        .slice(0, 4)
        .join(', ')})`,
    );
  const hooks = (extensionOf(a).value.detail.extensions ?? []).filter((e) => has.has(e.path));
  if (hooks.length)
    roles.push(
      `where users register their own code (${hooks
        .map((e) => (e.owner ? `${e.owner}.${e.name}` : e.name))
        .slice(0, 4)
        .join(', ')})`,
    );
  // by their conventional names only: what they hold is for the summariser to read
  const setup = files.filter((f) => SETTINGS.test(f));
  if (setup.length) roles.push(`files named for its settings (${setup.slice(0, 3).join(', ')})`);
  const urls = files.filter((f) => ROUTING.test(f) && !routes.some((r) => r.file === f));
  if (urls.length) roles.push(`files named for its routing (${urls.slice(0, 3).join(', ')})`);
  const stored = (a.dataModel ?? []).filter((d) => has.has(d.file) && d.store !== 'schema');
  if (stored.length)
    roles.push(
      `declares stored data (${stored
        .map((d) => d.name)
        .slice(0, 5)
        .join(', ')})`,
    );
  return roles.length ? `Its role: ${roles.join('; ')}.` : '';
}

/**
 * Plans the reading within the budget and runs it: module summaries (concurrently, at the
 * session's limit), then parents deepest first, then the repository. `progress` gets units done.
 */
export async function readRepository(
  session: ModelSession,
  sections: (Pick<SectionPlan, 'id' | 'level'> & Partial<Pick<SectionPlan, 'kind'>>)[],
  deps: AgentDeps,
  progress?: (message: string, units: ProgressUnits) => void | Promise<void>,
): Promise<Reading> {
  const a = deps.analysis;
  const count = (t: string) => session.countTokens(t, 'analyst');
  const sources = await loadSources(a, deps.workspace, count);
  const project = projectContext(a, deps.projectName);
  const about = project ? `${project}\n\n` : '';
  const files = readFilesOf(a, (f) => {
    const s = sources.get(f.path);
    return s
      ? { full: count(s.full), signatures: count(s.signatures), names: count(s.names) }
      : { full: 0, signatures: 0, names: 0 };
  }).filter((f) => sources.has(f.path));
  const plan = planReading({
    files,
    sections,
    config: session.config,
    factsTokens: count(factsBlock(a, deps.projectName)),
    frameTokens: count(SUMMARY_SYSTEM) + count(project) + 110,
    // the centre each section's writer will be shown, measured when the sections' kinds are known
    ...(sections.every((s) => s.kind)
      ? {
          centreTokens: await centreTokens(
            sections.map((s) => s.kind!),
            deps.workspace,
            a,
            centreCap,
            (t) => session.countTokens(t, 'writer'),
          ),
        }
      : {}),
  });
  const summaries = new Map<string, Summary>();
  const failed: string[] = [];
  const total = plan.requests.length + plan.merges.length + plan.parents.length;
  let done = 0;
  const tick = async (what: string) => {
    done++;
    await progress?.(`${what} (${done} of ${total})`, { done, total });
  };
  const fx = factsOf(a);
  const valid = (c: string) => {
    const cited = splitCitation(c);
    const info = fx.fileByPath.get(cited.path);
    return cited.line !== undefined && !!info && fitsFile(cited, lineCount(info));
  };
  /** `reads`: whether the request reads files, so that its failure leaves them unread (a merge does not). */
  const ask = async (dir: string, prompt: string, reads = true): Promise<Summary | undefined> => {
    try {
      const { value } = await askJson(session, 'analyst', SUMMARY_SYSTEM, prompt, SummaryAnswer, {
        maxTokens: SUMMARY_MAX_OUT,
        ...(deps.signal ? { signal: deps.signal } : {}),
      });
      const findings = value.findings
        .map((f) => ({
          statement: f.statement.trim(),
          citations: f.citations.map((c) => c.trim().replace(/^`|`$/g, '')),
        }))
        .filter((f) => f.citations.length > 0 && f.citations.every(valid));
      return { dir, text: value.summary.trim(), findings };
    } catch (e) {
      if (e instanceof EngineError && e.kind === 'cancelled') throw e;
      if (reads) failed.push(dir);
      return undefined;
    }
  };

  const depthOf = new Map(plan.files.map((f) => [f.path, f.depth]));
  const parts = new Map<string, Summary[]>();
  await progress?.(`Reading ${plan.requests.length} module parts`, { done: 0, total });
  await mapLimit(plan.requests, session.config.maxConcurrency, async (r) => {
    const partsOf = plan.requests.filter((x) => x.module === r.module).length;
    const blocks = r.files.map((p) => {
      const s = sources.get(p)!;
      return dataBlock(p, depthOf.get(p) === 'full' ? s.full : s.signatures);
    });
    const role = moduleRole(r.files, a);
    const prompt = `Module ${r.module}${partsOf > 1 ? ` (part ${r.part + 1} of ${partsOf})` : ''} of ${deps.projectName}.${role ? ` ${role}` : ''}\n\n${about}${blocks.join('\n\n')}\n\nSummarise what this module does and how, citing the lines.`;
    const s = await ask(r.module, prompt);
    if (s) parts.set(r.module, [...(parts.get(r.module) ?? []), s]);
    await tick(`Read ${r.module}`);
  });
  // a module read in parts is one summary again: its parts' summaries merged by one more request
  const summaryBlock = (c: Summary, label = `summary of ${c.dir}`) =>
    dataBlock(
      label,
      `${c.text}\n${c.findings.map((f) => `- ${f.statement} [${f.citations.join(', ')}]`).join('\n')}`,
    );
  for (const [dir, list] of parts)
    if (list.length === 1 || !plan.merges.includes(dir)) summaries.set(dir, list[0]!);
  await mapLimit(plan.merges, session.config.maxConcurrency, async (dir) => {
    const list = parts.get(dir) ?? [];
    const merged =
      list.length > 1
        ? await ask(
            dir,
            `Module ${dir} of ${deps.projectName}: summaries of its ${list.length} parts.\n\n${about}${list.map((s, i) => summaryBlock(s, `part ${i + 1}`)).join('\n\n')}\n\nSummarise what this module does and how, as one summary, citing the lines the parts cite.`,
            false,
          )
        : undefined;
    // without the merge (one part read, or the request failed) the parts stand side by side
    const fallback = list.length
      ? { dir, text: list.map((s) => s.text).join(' '), findings: list.flatMap((s) => s.findings) }
      : undefined;
    const s = merged ?? fallback;
    if (s) summaries.set(dir, s);
    await tick(`Merged ${dir}`);
  });

  // parents from their children's summaries (deepest first; the repository last, with the map)
  const names = plan.files.filter((f) => f.depth === 'names').map((f) => sources.get(f.path)!.names);
  const summariseParent = async (p: ReadingPlan['parents'][number]) => {
    const children = p.children.map((c) => summaries.get(c)).filter((s): s is Summary => !!s);
    if (!children.length) {
      await tick(`Skipped ${p.dir}`);
      return;
    }
    const blocks = children.map((c) => summaryBlock(c));
    const isRoot = p.dir === REPOSITORY;
    const map =
      isRoot && names.length
        ? `\n\nOther source files, not read (path: definitions):\n${dataBlock('repository map', names.join('\n'))}`
        : '';
    const prompt = `${isRoot ? `The repository ${deps.projectName}` : `Folder ${p.dir} of ${deps.projectName}`}: summaries of its modules.\n\n${about}${blocks.join('\n\n')}${map}\n\nSummarise what ${isRoot ? 'the project' : 'this folder'} does and how its parts work together, citing the lines the summaries cite.`;
    const s = await ask(p.dir, prompt);
    if (s) summaries.set(p.dir, s);
    await tick(isRoot ? 'Summarised the repository' : `Summarised ${p.dir}`);
  };
  // a parent is asked once every folder below it is done: each round runs concurrently
  const pending = [...plan.parents];
  const isParent = new Set(pending.map((p) => p.dir));
  const finished = new Set<string>();
  while (pending.length) {
    const ready = pending.filter((p) => p.children.every((c) => !isParent.has(c) || finished.has(c)));
    if (!ready.length) break;
    for (const p of ready) pending.splice(pending.indexOf(p), 1);
    await mapLimit(ready, session.config.maxConcurrency, async (p) => {
      await summariseParent(p);
      finished.add(p.dir);
    });
  }
  const graph = referenceGraph(
    [...sources.keys()].sort(),
    (p) => sources.get(p)?.lines.join('\n') ?? null,
    a.symbols,
    a.imports,
  );
  return { plan, graph, summaries, failed };
}

/** The module summaries most relevant to a section: those of its cited files, then by words and topic rank. */
export function relevantSummaries(
  reading: Reading,
  plan: Pick<SectionPlan, 'title' | 'kind'>,
  findings: Finding[],
  max: number,
  /** The section's topic ranking of files (topic.ts); the global ranks without one. */
  ranks?: Map<string, number>,
): Summary[] {
  const modules = [...reading.summaries.values()].filter(
    (s) => s.dir !== REPOSITORY && reading.plan.requests.some((r) => r.module === s.dir),
  );
  const cited = new Set(findings.flatMap((f) => f.citations.map((c) => moduleOf(splitCitation(c).path))));
  const words = `${plan.title} ${plan.kind}`
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2);
  const rankOf = new Map<string, number>();
  // a module's share of the ranking (all files sum to 1), weighed against a cited module's 10
  for (const f of reading.plan.files)
    rankOf.set(f.module, (rankOf.get(f.module) ?? 0) + 5 * (ranks ? (ranks.get(f.path) ?? 0) : f.rank));
  const score = (s: Summary) => {
    const hay = `${s.dir} ${s.text}`.toLowerCase();
    return (
      (cited.has(s.dir) ? 10 : 0) +
      words.reduce((n, w) => n + (hay.includes(w) ? 1 : 0), 0) +
      (rankOf.get(s.dir) ?? 0)
    );
  };
  return modules
    .map((s) => ({ s, v: score(s) }))
    .sort((x, y) => y.v - x.v || x.s.dir.localeCompare(y.s.dir))
    .slice(0, max)
    .map(({ s }) => s);
}
