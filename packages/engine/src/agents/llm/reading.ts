// The budget planner: before the first request it decides what of the product the model reads —
// each source file in full, as signatures (declarations and their doc comments) or by name only —
// by PageRank, until the report's token budget is spent, keeping a reserve for writing and review.
// When even that does not fit, the sections past the budget are written offline and the report
// says so: a report never fails because of its size. The estimate is this plan's sum, so the figure
// shown before a report and the tokens it uses come from the same arithmetic.

import path from 'node:path';
import type { Analysis } from '../../analyse/types.ts';
import { type AiConfig, isModelConfigured, modelFor, priceFor } from '../../llm/config.ts';
import { isTestPath, NON_CODE_LANGUAGES } from '../facts.ts';
import { abstractionsOf, extensionOf, layersOf } from '../model.ts';
import type { SectionPlan } from '../types.ts';
import type { ReportEstimate, RoleEstimate } from '../../llm/types.ts';

export type Depth = 'full' | 'signatures' | 'names' | 'none';

/**
 * What a file does, for how it is read: the product's code is read (in full or as signatures);
 * migrations, generated files, data tables, vendored UI kits, tests and examples are named only,
 * with this label, however well they rank.
 */
export type ReadingRole =
  'product' | 'migration' | 'generated' | 'data' | 'vendored' | 'test' | 'example' | 'docs' | 'other';

const MIGRATION = /(^|\/)(migrations?|alembic\/versions|db\/migrate)\//i;
// a folder of vendored code, or a UI kit's primitives copied into the product: shadcn/ui writes
// them as lower-case kebab files under components/ui (button.tsx, use-toast.ts), where the
// product's own components are named in PascalCase (Pricing.tsx) and stay product code, as do
// the index files that re-export them
const VENDORED = /(^|\/)(vendor|vendored|third[_-]party)\//i;
const UI_KIT =
  /(^|\/)components\/ui\/(?:[^/]+\/)*(?!index\.)[a-z0-9]+(?:-[a-z0-9]+)*\.(?:tsx|jsx|ts|js|vue|svelte)$/;
const BY_PATH_ROLE: Record<string, ReadingRole> = {
  tests: 'test',
  examples: 'example',
  docs: 'docs',
  benchmarks: 'example',
  generated: 'generated',
};

/** A file's reading role, from what the analysis knows of it (its path alone for the upload form). */
export function readingRoleOf(
  f: { path: string; role?: string; literalData?: boolean },
  a?: Pick<Analysis, 'identity'>,
): ReadingRole {
  if (f.role && f.role !== 'product') return BY_PATH_ROLE[f.role] ?? 'other';
  if (isTestPath(f.path)) return 'test';
  const outside = a?.identity?.nonProduct.find((n) => f.path === n.path || f.path.startsWith(`${n.path}/`));
  if (outside?.role === 'vendored' || outside?.role === 'generated') return outside.role;
  if (MIGRATION.test(f.path)) return 'migration';
  if (VENDORED.test(f.path) || UI_KIT.test(f.path)) return 'vendored';
  if (f.literalData) return 'data';
  return 'product';
}

/** One product source file as the planner sees it: its tokens at each depth and what it got. */
export interface ReadFile {
  path: string;
  module: string;
  rank: number;
  /** Lines of code (as the report counts them elsewhere), for the coverage appendix. */
  lines: number;
  tokens: { full: number; signatures: number; names: number };
  depth: Depth;
  /** What the file does (product code unless said otherwise): anything else is named only. */
  role?: ReadingRole;
  /** Read in full before any ranking: an entry point, a route or settings module, a schema, a main-path file. */
  centre?: boolean;
}

/** One module summary request: a module's files (or a part of them) at the depth they got. */
export interface ModuleRequest {
  module: string;
  part: number;
  files: string[];
  tokens: number;
}

/** A summary made from summaries: a folder over two or more summarised modules, or the repository. */
export interface ParentRequest {
  dir: string;
  children: string[];
}

export interface ReadingPlan {
  files: ReadFile[];
  requests: ModuleRequest[];
  /** Modules read in several parts: their parts' summaries are merged into one by one more request. */
  merges: string[];
  parents: ParentRequest[];
  /** Ids of the sections the model writes; the others are written offline. */
  modelSections: Set<string>;
  estimate: ReportEstimate;
}

// The sizes the agents work with; the summaries, the writer and the estimate all read them here.
/** Most tokens of file text in one module summary request; a larger module is read in parts. */
export const MODULE_REQUEST_TOKENS = 6000;
/** Output allowance of a summary, and what one is expected to use. */
export const SUMMARY_MAX_OUT = 700;
export const SUMMARY_OUT = 350;
/** Tokens of the repository map (names of what is not read) in the repository summary request. */
export const NAMES_TOKENS = 3000;
/** Module summaries a writer receives besides the repository's. */
export const WRITER_MODULES = 3;
/** Cap of a writer's numbered excerpts. */
export const SNIPPET_TOKENS = 2500;
/**
 * Cap of the centre's definitions (the main path, the central types, the layers' boundaries and the
 * places users extend the product) a writer of the sections that tell what the product is and how it
 * works is shown besides its excerpts: more for the sections that show the central types' and the
 * extension points' declarations (architecture, components, API) than for the overview, and no more
 * than a file's cap less the excerpts' (a file shown in both stays under `FILE_CAP_TOKENS`). About a
 * fifth of a template's sections are of those kinds (the shipped template: 7 of 32).
 */
export const CENTRE_TOKENS = 2000;
const CENTRE_BY_KIND: Record<string, number> = {
  overview: 2500,
  architecture: 3500,
  components: 3500,
  api: 3000,
};
/** The centre's allowance of a section of `kind`. */
export const centreCap = (kind: string): number => CENTRE_BY_KIND[kind] ?? CENTRE_TOKENS;
const CENTRE_SECTIONS = 0.2;
/** What the centre fills of its allowance (measured on the corpus: koa 170, click 250 tokens a section). */
const CENTRE_FILL = 0.6;
/**
 * A section's expected centre when it cannot be measured (the upload form): its allowance's expected
 * fill over a template's share of centre sections. With the analysis at hand the planner measures it.
 */
export const EXPECTED_CENTRE = CENTRE_TOKENS * CENTRE_SECTIONS * CENTRE_FILL;
/**
 * Most tokens of one file in any prompt, one module request's worth: a larger file is read as
 * signatures, and signatures past the cap are cut, so a data table or a generated file never fills
 * more than one request.
 */
export const FILE_CAP_TOKENS = MODULE_REQUEST_TOKENS;
/** What a section's evidence list and excerpts are expected to fill (measured on the corpus). */
const EXPECTED_EVIDENCE = 450;
const SNIPPET_FILL = 0.95;
/** What a written section, a review and a summary request's fixed text are expected to take. */
const WRITER_OUT = 600;
const REVIEW_OUT = 60;
/**
 * A review's input (review.ts): its instructions, then the draft's claims with the lines they cite
 * and the facts they touch (measured on the corpus). It is not the writer's context: the review no
 * longer re-sends the summaries and excerpts, and what that saves goes to reading.
 */
const REVIEW_FRAME = 240;
const REVIEW_CONTEXT = 210;
const INSTRUCTIONS = 250;
/** The writer's rules (prompts.ts WRITER_RULES), which only the writer's system text carries. */
const WRITER_RULES_TOKENS = 190;
const SUMMARY_FRAME = 320;
/**
 * Share of model sections expected to be sent back once: the deterministic checks' failures and the
 * review's, which judges a draft's claims against their cited lines only (it was 0.1 while the review
 * judged the whole draft against the writer's context).
 */
const SEND_BACK = 0.05;
/** Part of the budget never planned, for what the model answers longer than expected. */
const SAFETY = 0.05;
/** When the budget is tight, the share of it reading may take before sections go offline. */
const MIN_READING_SHARE = 0.35;
/** A file's signatures when they cannot be counted (the upload form): a share of its full text. */
export const SIGNATURE_SHARE = 0.2;

/** The product's source files: product role, a programming language, not a copy of another file. */
export function productSources(a: Pick<Analysis, 'files'>): Analysis['files'] {
  // an analysis without roles (an older one) has the test paths left out instead
  const roles = a.files.some((f) => f.role);
  return a.files.filter(
    (f) =>
      (roles ? f.role === 'product' : !isTestPath(f.path)) &&
      !!f.language &&
      !NON_CODE_LANGUAGES.has(f.language) &&
      !f.duplicateOf &&
      // an empty module (`__init__.py`) gives a model nothing to read, as the upload form's listing knows
      f.size > 0,
  );
}

export const moduleOf = (file: string) => path.posix.dirname(file);

/**
 * A model section's expected requests: its writer (sent back for a share of sections) and its review.
 * `centre`: the tokens of centre definitions a section is shown on average.
 */
export function sectionCost(
  facts: number,
  maxOut: number,
  modules = WRITER_MODULES,
  productTokens = Infinity,
  centre = EXPECTED_CENTRE,
): { writer: RoleEstimate; reviewer: RoleEstimate; total: number } {
  const summaries = modules > 0 ? SUMMARY_OUT * (1 + Math.min(WRITER_MODULES, modules)) : 0;
  // the excerpts fill their cap unless the product is smaller than it: they are not the product
  // alone (the manifest, the README and the tests are cited too) and the windows around a small
  // file's cited lines overlap, so a small product's excerpts are about its own size (the sample
  // app's 2.8k tokens: 2.9k); the centre comes on top, its own cap and its own lines
  const snippets = Math.min(SNIPPET_TOKENS * SNIPPET_FILL, productTokens) + centre;
  const context = INSTRUCTIONS + facts + summaries + EXPECTED_EVIDENCE + snippets;
  const out = Math.min(WRITER_OUT, maxOut);
  const writer = {
    model: '',
    requests: 1 + SEND_BACK,
    inputTokens: context + WRITER_RULES_TOKENS + SEND_BACK * (context + WRITER_RULES_TOKENS + out + 150),
    outputTokens: out * (1 + SEND_BACK),
  };
  const reviewer = {
    model: '',
    requests: 1,
    inputTokens: REVIEW_FRAME + REVIEW_CONTEXT,
    outputTokens: REVIEW_OUT,
  };
  return {
    writer,
    reviewer,
    total: writer.inputTokens + writer.outputTokens + reviewer.inputTokens + reviewer.outputTokens,
  };
}

/** The key of the repository's summary (a module's key is its folder, '.' for files at the root). */
export const REPOSITORY = '';

/** Folders that summarise two or more summarised modules below them, deepest first; then the root. */
export function parentsOf(modules: string[]): ParentRequest[] {
  const below = new Map<string, Set<string>>();
  const nodes = new Set(modules);
  // each module climbs to the nearest ancestor that branches; chains of one child collapse
  const ancestors = (m: string) => {
    const out: string[] = [];
    for (let d = m; d !== '.' && d !== '/';) {
      d = path.posix.dirname(d);
      out.push(d);
    }
    return out;
  };
  const counts = new Map<string, number>();
  for (const m of modules) for (const d of ancestors(m)) counts.set(d, (counts.get(d) ?? 0) + 1);
  const branching = (d: string) => d === '.' || ((counts.get(d) ?? 0) >= 2 && !nodes.has(d));
  for (const m of modules) {
    // files at the root are a module of their own, under the repository
    const found = m === '.' ? '.' : (ancestors(m).find(branching) ?? '.');
    const up = found === '.' ? REPOSITORY : found;
    below.set(up, (below.get(up) ?? new Set()).add(m));
  }
  // branching folders themselves hang under the next branching folder up
  for (const d of [...below.keys()]) {
    if (d === REPOSITORY) continue;
    const up = ancestors(d).find(branching) ?? '.';
    const key = up === '.' ? REPOSITORY : up;
    below.set(key, (below.get(key) ?? new Set()).add(d));
  }
  return [...below.entries()]
    .map(([dir, children]) => ({ dir, children: [...children].sort() }))
    .sort((x, y) => y.dir.split('/').length - x.dir.split('/').length || x.dir.localeCompare(y.dir))
    .sort((x, y) => Number(x.dir === REPOSITORY) - Number(y.dir === REPOSITORY));
}

export interface PlanInput {
  files: ReadFile[];
  sections: Pick<SectionPlan, 'id' | 'level'>[];
  config: AiConfig;
  /** Tokens of the facts block every writer receives, and of a summary request's fixed text. */
  factsTokens: number;
  frameTokens?: number;
  /** Tokens of centre definitions a section's writer is shown, on average over the sections (measured). */
  centreTokens?: number;
}

/**
 * Cuts the work to the budget: a reserve for the sections, then signatures of every file by rank,
 * then full text by rank, then names; sections past what the budget can write go offline.
 */
export function planReading(input: PlanInput): ReadingPlan {
  const { config } = input;
  const budget = Math.floor(config.maxTokensPerReport * (1 - SAFETY));
  const frame = (input.frameTokens ?? SUMMARY_FRAME) + SUMMARY_OUT;
  const files = [...input.files]
    .map((f) => ({ ...f, depth: 'none' as Depth }))
    .sort((a, b) => b.rank - a.rank || a.path.localeCompare(b.path));
  const sections = input.sections.length;
  const planner = { input: SUMMARY_FRAME + 60 + sections * 17, output: 40 + sections * 25 };
  const section = sectionCost(
    input.factsTokens,
    config.maxOutputTokens,
    new Set(input.files.map((f) => f.module)).size,
    input.files.reduce((n, f) => n + f.tokens.full, 0),
    input.centreTokens,
  );
  const perSection = section.total;
  // one parent request per branching folder, its children's summaries as input
  const parents = parentsOf([...new Set(files.map((f) => f.module))]);
  const parentCost = parents.reduce((n, p) => n + frame + p.children.length * SUMMARY_OUT, 0);
  const namesOf = (list: ReadFile[]) => list.reduce((n, f) => n + f.tokens.names, 0);

  // greedy by rank: signatures for all, then full text, then names, within a reading budget
  const fill = (readingBudget: number, list: ReadFile[]): number => {
    for (const f of list) f.depth = 'none';
    if (readingBudget <= 0 || !list.length) return 0;
    const moduleTokens = new Map<string, number>();
    const requestsFor = (t: number) => (t > 0 ? Math.ceil(t / MODULE_REQUEST_TOKENS) : 0);
    // a module of n parts: n requests, and one more merging their n summaries
    const moduleCost = (t: number) => {
      const n = requestsFor(t);
      return n * frame + (n > 1 ? frame + n * SUMMARY_OUT : 0);
    };
    let used = parentCost + frame; // the parents and the repository summary
    const upgrade = (f: ReadFile, to: 'signatures' | 'full') => {
      const before = moduleTokens.get(f.module) ?? 0;
      const from = f.depth === 'signatures' ? f.tokens.signatures : 0;
      const after = before + f.tokens[to] - from;
      const cost = f.tokens[to] - from + moduleCost(after) - moduleCost(before);
      if (used + cost > readingBudget) return;
      used += cost;
      moduleTokens.set(f.module, after);
      f.depth = to;
    };
    const readable = (f: ReadFile) => (f.role ?? 'product') === 'product';
    const fits = (f: ReadFile) => f.tokens.full <= FILE_CAP_TOKENS;
    // the centre first, in full: what the product is cannot be told without it
    for (const f of list) if (f.centre && readable(f)) upgrade(f, fits(f) ? 'full' : 'signatures');
    for (const f of list) if (readable(f) && f.depth === 'none') upgrade(f, 'signatures');
    for (const f of list) if (f.depth === 'signatures' && fits(f)) upgrade(f, 'full');
    // what is not read is named in the repository map while it has room: the product's first
    let names = 0;
    const unread = [...list.filter(readable), ...list.filter((f) => !readable(f))];
    for (const f of unread) {
      if (f.depth !== 'none') continue;
      if (names + f.tokens.names > NAMES_TOKENS || used + f.tokens.names > readingBudget) break;
      names += f.tokens.names;
      used += f.tokens.names;
      f.depth = 'names';
    }
    return used;
  };
  // what reading every file as signatures would take, counted the way `fill` counts
  const sigAll = (() => {
    const copy = files.map((f) => ({ ...f, tokens: { ...f.tokens, full: Infinity } }));
    return fill(Number.MAX_SAFE_INTEGER, copy);
  })();
  let readingBudget = budget - planner.input - planner.output - sections * perSection;
  let writtenByModel = sections;
  const floor = Math.min(sigAll, Math.floor(budget * MIN_READING_SHARE));
  if (readingBudget < floor) {
    readingBudget = floor;
    writtenByModel = Math.max(
      0,
      Math.min(sections, Math.floor((budget - planner.input - planner.output - floor) / perSection)),
    );
    if (writtenByModel === 0) readingBudget = 0;
  }
  fill(readingBudget, files);

  // module requests: a module's read files in rank order, cut into parts of the request size
  const requests: ModuleRequest[] = [];
  for (const [module, list] of groupBy(
    files.filter((f) => f.depth === 'full' || f.depth === 'signatures'),
    (f) => f.module,
  )) {
    let part: ModuleRequest | undefined;
    for (const f of list) {
      const t = f.tokens[f.depth as 'full' | 'signatures'];
      if (!part || (part.tokens + t > MODULE_REQUEST_TOKENS && part.files.length)) {
        part = { module, part: (part?.part ?? -1) + 1, files: [], tokens: 0 };
        requests.push(part);
      }
      part.files.push(f.path);
      part.tokens += t;
    }
  }
  const summarised = [...new Set(requests.map((r) => r.module))];
  const merges = summarised.filter((m) => requests.filter((r) => r.module === m).length > 1);
  const parentRequests = summarised.length ? parentsOf(summarised) : [];

  // the model sections: chapters first, in order, then their sections
  const modelSections = new Set(
    [...input.sections]
      .map((s, i) => ({ s, i }))
      .sort((x, y) => x.s.level - y.s.level || x.i - y.i)
      .slice(0, writtenByModel)
      .map(({ s }) => s.id),
  );

  const roles: ReportEstimate['roles'] = {};
  if (writtenByModel > 0) {
    const content = requests.reduce((n, r) => n + r.tokens, 0);
    const parentIn = parentRequests.reduce(
      (n, p) => n + frame - SUMMARY_OUT + p.children.length * SUMMARY_OUT,
      0,
    );
    const namesIn = namesOf(files.filter((f) => f.depth === 'names'));
    const mergeIn = merges.reduce(
      (n, m) => n + frame - SUMMARY_OUT + requests.filter((r) => r.module === m).length * SUMMARY_OUT,
      0,
    );
    const summaryRequests = requests.length + merges.length + parentRequests.length;
    roles.planner = {
      model: modelFor(config, 'planner'),
      requests: 1,
      inputTokens: planner.input,
      outputTokens: planner.output,
    };
    roles.analyst = {
      model: modelFor(config, 'analyst'),
      requests: summaryRequests,
      inputTokens: content + requests.length * (frame - SUMMARY_OUT) + mergeIn + parentIn + namesIn,
      outputTokens: summaryRequests * SUMMARY_OUT,
    };
    const times = (role: 'writer' | 'reviewer'): RoleEstimate => ({
      model: modelFor(config, role),
      requests: Math.round(writtenByModel * section[role].requests),
      inputTokens: Math.round(writtenByModel * section[role].inputTokens),
      outputTokens: Math.round(writtenByModel * section[role].outputTokens),
    });
    roles.writer = times('writer');
    roles.reviewer = times('reviewer');
  }
  let inputTokens = 0;
  let outputTokens = 0;
  let cost: number | null = 0;
  for (const r of Object.values(roles)) {
    inputTokens += r.inputTokens;
    outputTokens += r.outputTokens;
    const p = priceFor(config, r.model);
    cost =
      p && cost !== null ? cost + (r.inputTokens * p.input + r.outputTokens * p.output) / 1_000_000 : null;
  }
  const count = (d: Depth) => files.filter((f) => f.depth === d).length;
  return {
    files,
    requests,
    merges,
    parents: parentRequests,
    modelSections,
    estimate: {
      provider: config.provider,
      sections,
      roles,
      inputTokens,
      outputTokens,
      totalTokens: inputTokens + outputTokens,
      costUsd: cost === null ? null : Math.round(cost * 10_000) / 10_000,
      budgetTokens: config.maxTokensPerReport,
      withinBudget: true,
      reading: {
        full: count('full'),
        signatures: count('signatures'),
        names: count('names'),
        none: count('none'),
        files: files.length,
      },
      offlineSections: sections - writtenByModel,
    },
  };
}

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** Central types whose files are read first, as many as a section may be shown (evidence.ts). */
export const CENTRAL_TYPES = 4;

/** The planner's files from an analysis, tokens counted by `count` (signatures from `signatures`). */
export function readFilesOf(
  a: Analysis,
  measure: (file: Analysis['files'][number]) => { full: number; signatures: number; names: number },
): ReadFile[] {
  const ranks = a.identity?.fileRanks ?? {};
  const centre = centreFiles(a);
  return productSources(a).map((f) => ({
    path: f.path,
    module: moduleOf(f.path),
    rank: ranks[f.path] ?? 0,
    lines: f.code,
    tokens: measure(f),
    depth: 'none' as Depth,
    role: readingRoleOf(f, a),
    centre: centre.has(f.path),
  }));
}

/** Bytes of a source line, and the tokens its number (`  12| `) adds when a model reads it (the corpus). */
const LINE_BYTES = 30;
const NUMBERING_TOKENS = 2.8;

// modules that configure or route the product, by their conventional names
export const SETTINGS = /(^|\/)(settings|config|configuration|conf)(\/|\.[a-z]+$)/i;
export const ROUTING = /(^|\/)(urls|routes?|router|routing)(\/|\.[a-z]+$)/i;

/**
 * The files read in full before any ranking: where the product starts (entry points, the main
 * path), how requests reach it (route declarations, URL confs), how it is set up (settings and
 * configuration modules) and what it stores (schemas and ORM models); the files that declare its
 * central abstractions and its extension mechanism (the places users plug their code in), and where
 * work enters each of its layers, as the project model holds them.
 */
export function centreFiles(a: Analysis): Set<string> {
  const out = new Set<string>();
  for (const e of a.identity?.entryPoints ?? []) out.add(e.path);
  for (const s of a.identity?.mainPath ?? []) if (!s.external) out.add(s.path);
  for (const r of a.routes) if (!r.area || r.area === 'product') out.add(r.file);
  for (const d of a.dataModel ?? []) if (d.store !== 'schema') out.add(d.file);
  for (const t of abstractionsOf(a).value.slice(0, CENTRAL_TYPES)) out.add(t.path);
  for (const p of extensionOf(a).value.points) out.add(p.path);
  for (const l of layersOf(a).value) for (const b of l.boundaries) out.add(b.path);
  for (const f of a.files) if (SETTINGS.test(f.path) || ROUTING.test(f.path)) out.add(f.path);
  return out;
}

/**
 * The estimate before any code is read: sizes only (bytes/4 tokens, and the line numbers the model
 * reads them with), signatures a fixed share.
 */
export function estimateFromSizes(
  files: { path?: string; size: number }[],
  sections: Pick<SectionPlan, 'id' | 'level'>[],
  config: AiConfig,
  factsTokens = 700,
): ReportEstimate {
  if (!isModelConfigured(config))
    return {
      provider: 'offline',
      sections: sections.length,
      roles: {},
      inputTokens: 0,
      outputTokens: 0,
      totalTokens: 0,
      costUsd: 0,
      budgetTokens: config.maxTokensPerReport,
      withinBudget: true,
    };
  const read: ReadFile[] = files.map((f, i) => {
    const full = Math.ceil(f.size / 4 + (f.size / LINE_BYTES) * NUMBERING_TOKENS) + 20;
    const p = f.path ?? `part${Math.floor(i / 12)}/file${i}`;
    return {
      role: readingRoleOf({ path: p }),
      path: p,
      module: moduleOf(p),
      rank: 0,
      lines: Math.ceil(f.size / 40),
      tokens: { full, signatures: Math.min(FILE_CAP_TOKENS, Math.ceil(full * SIGNATURE_SHARE)), names: 12 },
      depth: 'none',
    };
  });
  return planReading({ files: read, sections, config, factsTokens }).estimate;
}
