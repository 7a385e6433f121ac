// The `atr` command line: `atr report` runs the whole pipeline on a folder, ZIP or GitHub URL;
// `atr render` converts a markdown file through the same tree and writers.

import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { joinLines } from '@atr/shared';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { z } from 'zod';
import { isEngineError } from './errors.ts';
import { memoryCache } from './llm/cache.ts';
import { type AiConfig, aiConfigFromEnv, AiConfigError } from './llm/config.ts';
import type { PdfEngine } from './pipeline.ts';
import { parseTemplate } from './template/parse.ts';
import { markdownToBlocks } from './tree/markdown.ts';
import { DOC_TREE_VERSION, type DocTree } from './tree/types.ts';
import {
  DEFAULT_WORK_LIMITS,
  type CompanyData,
  type EngineContext,
  type ImageAsset,
  type PipelineStep,
  type ReportInput,
} from './types.ts';

// The pipeline and writers are imported when a command needs them, so `--help` and flag errors
// answer at once without loading the document libraries.

export const HELP = `atr: turn a code base and a YAML template into a technical report (DOCX, LaTeX, PDF).

Usage:
  atr report <path | file.zip | github-url> --template <t.yaml> [options]
  atr render <doc.md> --to <docx|latex|pdf> [--out <file>]
  atr --help | --version

atr report writes report.docx, report-latex.zip, report.pdf, preview.pdf (first 5 pages),
analysis.json and trace.json into the output folder, printing each step with its time.
  --template, -t <file>    report template (YAML with a report_structure list). Required.
  --out, -o <dir>          output folder (default: ./atr-report).
  --logo <file>            company logo for the cover page (PNG or JPEG).
  --images <files...>      images to place in the report: chapters that list an image by file
                           name get it there, the others go to an appendix. Several may follow.
  --company <file.json>    company details for the cover: {"name", "vat", "address", "phone",
                           "email", "website"}, all optional.
  --name <text>            project name on the cover (default: the folder or repository name).
  --token <token>          GitHub access token for private repositories (or GITHUB_TOKEN).
  --api-base <url>         GitHub API base for GitHub Enterprise (default: https://api.github.com).
  --pdf-engine <engine>    js (built-in, default), latex (compile the LaTeX bundle with latexmk)
                           or auto (latex when latexmk is installed). Default from PDF_ENGINE.
  --max-headings <n>       most headings (chapters + sections + subsections) the template may
                           have (default 300, or TEMPLATE_MAX_HEADINGS).
  --max-pages <n>          most pages the report may have (default 500, or REPORT_MAX_PAGES).

Language model (optional; the offline model writes the report when no provider is set). Each flag
overrides the environment variable of the same name (--ai-model ↔ AI_MODEL):
  --ai-provider <name>     offline (default), openai (any OpenAI-compatible Chat Completions
                           endpoint: OpenAI, Ollama, vLLM, LM Studio, OpenRouter…) or anthropic.
  --ai-base-url <url>      endpoint base, e.g. http://localhost:11434/v1 for a local Ollama.
  --ai-api-key <key>       API key (better: AI_API_KEY in the environment; never printed).
  --ai-model <name>        model for every role; --ai-model-planner, --ai-model-analyst,
                           --ai-model-writer, --ai-model-reviewer override it per role.
  --ai-max-concurrency <n> requests in flight at once (default 4).
  --ai-timeout-s <s>       seconds per request before it is retried (default 120).
  --ai-max-tokens-per-report <n>
                           token budget; the report stops with an error rather than exceed it.
  --ai-prices <json>       prices in USD per 1M tokens: {"model": {"input": 2.5, "output": 10}}.

atr render converts one markdown file through the document tree and one writer.
  --to <format>            docx, latex (a ZIP bundle, or main.tex when --out ends in .tex) or pdf.
  --out, -o <file>         output file (default: the input name with the new extension).
  --title <text>           document title (default: the first heading, else the file name).

Common:
  --help, -h               show this help.
  --version, -v            show the version.

Exit codes: 0 done, 1 the report failed, 2 bad flag or bad input.
`;

/** A mistake in how atr was called: one line on stderr and exit code 2. */
class UsageError extends Error {}

const IMAGE_FILE = /\.(png|jpe?g)$/i;

/** `--images a.png b.jpg` takes several values; node's parseArgs wants `--images` repeated. */
export function expandImages(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    out.push(arg);
    if (arg !== '--images') continue;
    const first = argv[i + 1];
    if (first === undefined || first.startsWith('-'))
      throw new UsageError('--images needs at least one image file');
    out.push(first);
    i++;
    while (i + 1 < argv.length && !argv[i + 1]!.startsWith('-') && IMAGE_FILE.test(argv[i + 1]!))
      out.push('--images', argv[++i]!);
  }
  return out;
}

const CompanySchema = z.strictObject({
  name: z.string().max(200).optional(),
  vat: z.string().max(100).optional(),
  address: z.string().max(500).optional(),
  phone: z.string().max(100).optional(),
  email: z.string().max(200).optional(),
  website: z.string().max(300).optional(),
});

const MIME: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

async function imageAsset(file: string, flag: string): Promise<ImageAsset> {
  const abs = path.resolve(file);
  const stat = await fs.stat(abs).catch(() => null);
  if (!stat?.isFile()) throw new UsageError(`${flag}: no such file: ${file}`);
  const mime = MIME[path.extname(abs).toLowerCase()];
  if (!mime) throw new UsageError(`${flag}: ${file} is not a PNG or JPEG image`);
  return { name: path.basename(abs), path: abs, mime };
}

async function readText(file: string, flag: string): Promise<string> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch {
    throw new UsageError(`${flag}: cannot read ${file}`);
  }
}

async function sourceOf(arg: string, token?: string, apiBase?: string): Promise<ReportInput['source']> {
  if (/^(https?:\/\/)?(www\.)?github\.com\//i.test(arg)) {
    return { kind: 'github', url: arg, ...(token ? { token } : {}), ...(apiBase ? { apiBase } : {}) };
  }
  const stat = await fs.stat(arg).catch(() => null);
  if (!stat) throw new UsageError(`no such file or folder: ${arg}`);
  if (stat.isDirectory()) return { kind: 'directory', path: path.resolve(arg) };
  if (/\.zip$/i.test(arg)) return { kind: 'zip', path: path.resolve(arg) };
  throw new UsageError(`${arg} is neither a folder, a .zip file nor a GitHub URL`);
}

/** A limit from its flag, else its environment variable, else the engine's default; a positive whole number. */
function limitOf(flag: string, value: unknown, envName: string, fallback: number): number {
  const raw = typeof value === 'string' ? value : process.env[envName];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(
      `${typeof value === 'string' ? flag : envName} must be a whole number of at least 1, not ${raw}`,
    );
  return n;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function parse(argv: string[], options: NonNullable<ParseArgsConfig['options']>) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message.split('\n')[0]!.replace(/\. To specify a positional.*$/, ''));
  }
}

async function reportCommand(argv: string[], out: (line: string) => void): Promise<void> {
  const { values, positionals } = parse(expandImages(argv), {
    template: { type: 'string', short: 't' },
    out: { type: 'string', short: 'o' },
    logo: { type: 'string' },
    images: { type: 'string', multiple: true },
    company: { type: 'string' },
    name: { type: 'string' },
    token: { type: 'string' },
    'api-base': { type: 'string' },
    'pdf-engine': { type: 'string' },
    'max-headings': { type: 'string' },
    'max-pages': { type: 'string' },
    ...Object.fromEntries(Object.keys(AI_FLAGS).map((f) => [f, { type: 'string' as const }])),
  });
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0
        ? 'atr report needs a folder, .zip file or GitHub URL'
        : `atr report takes one source, got ${positionals.length}: ${positionals.join(' ')}`,
    );
  if (typeof values.template !== 'string') throw new UsageError('--template <file.yaml> is required');
  const engine = (values['pdf-engine'] as string | undefined) ?? process.env.PDF_ENGINE ?? 'js';
  if (!['js', 'latex', 'auto'].includes(engine))
    throw new UsageError(`--pdf-engine must be js, latex or auto, not ${engine}`);

  const ai = aiSettings(values as Record<string, unknown>);
  const maxTemplateHeadings = limitOf(
    '--max-headings',
    values['max-headings'],
    'TEMPLATE_MAX_HEADINGS',
    DEFAULT_WORK_LIMITS.maxTemplateHeadings,
  );
  const maxReportPages = limitOf(
    '--max-pages',
    values['max-pages'],
    'REPORT_MAX_PAGES',
    DEFAULT_WORK_LIMITS.maxReportPages,
  );
  const template = parseTemplate(await readText(values.template, '--template'), {
    maxHeadings: maxTemplateHeadings,
  });
  for (const warning of template.warnings) process.stderr.write(`atr: template: ${warning}\n`);
  let company: CompanyData | undefined;
  if (typeof values.company === 'string') {
    let json: unknown;
    try {
      json = JSON.parse(await readText(values.company, '--company'));
    } catch (e) {
      if (e instanceof UsageError) throw e;
      throw new UsageError(`--company: ${values.company} is not valid JSON`);
    }
    const parsed = CompanySchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new UsageError(
        `--company: ${issue.path.length ? `"${issue.path.join('.')}": ` : ''}${issue.message}`,
      );
    }
    company = Object.fromEntries(
      Object.entries(parsed.data).filter(([, v]) => v !== undefined),
    ) as CompanyData;
  }
  const logo = typeof values.logo === 'string' ? await imageAsset(values.logo, '--logo') : undefined;
  const images = await Promise.all(
    ((values.images as string[] | undefined) ?? []).map((f) => imageAsset(f, '--images')),
  );
  const token = (values.token as string | undefined) ?? process.env.GITHUB_TOKEN;
  const source = await sourceOf(positionals[0]!, token, values['api-base'] as string | undefined);
  const outDir = path.resolve((values.out as string | undefined) ?? 'atr-report');

  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
  const t0 = performance.now();
  let step: PipelineStep | null = null;
  let stepStart = t0;
  let lastQuarter = -1;
  const ctx: EngineContext = {
    workDir,
    limits: { maxTemplateHeadings, maxReportPages },
    ...(ai.provider !== 'offline' ? { ai, modelCache: memoryCache() } : {}),
    now: () => new Date(),
    onProgress(next, _percent, message, units) {
      if (units && message && next === step) {
        // units of work inside a step: a line per quarter done (every unit on a terminal, in place)
        const quarter = Math.floor((units.done / Math.max(1, units.total)) * 4);
        if (process.stdout.isTTY) process.stdout.write(`\r    ${message}`.padEnd(72).slice(0, 100));
        else if (quarter !== lastQuarter || units.done === units.total) out(`    ${message}`);
        lastQuarter = quarter;
        return;
      }
      if (next === step) return;
      const now = performance.now();
      if (process.stdout.isTTY && lastQuarter >= 0) process.stdout.write('\n');
      lastQuarter = -1;
      if (step) out(`  ${step.padEnd(20)} ${seconds(now - stepStart)}`);
      step = next;
      stepStart = now;
    },
  };
  try {
    const sourceLabel = source.kind === 'github' ? source.url : source.path;
    out(`atr: writing a report of ${sourceLabel}`);
    const { generateReport } = await import('./pipeline.ts');
    const result = await generateReport(
      {
        projectName: (values.name as string | undefined) ?? '',
        source,
        template,
        ...(logo ? { logo } : {}),
        images,
        ...(company ? { company } : {}),
      },
      ctx,
      { pdfEngine: engine as PdfEngine },
    );
    out(`  ${'done'.padEnd(20)} ${seconds(performance.now() - t0)} total`);
    if (result.ai) {
      const u = result.ai.usage;
      const fallbacks = result.trace.filter((t) => t.details?.source === 'offline-fallback').length;
      out(
        `atr: ${result.ai.model}: ${u.requests} requests (${u.cacheHits} cached, ${u.retries.length} retried), ${(u.inputTokens + u.outputTokens).toLocaleString('en')} tokens, $${u.costUsd.toFixed(4)}${fallbacks ? `; ${fallbacks} step(s) fell back to the offline model` : ''}`,
      );
    }
    await fs.mkdir(outDir, { recursive: true });
    const files: [string, Uint8Array | string][] = [
      ['report.docx', result.docx],
      ['report-latex.zip', result.latexZip],
      ['report.pdf', result.pdf],
      ['preview.pdf', result.previewPdf],
      ['analysis.json', `${JSON.stringify(result.analysis, null, 2)}\n`],
      [
        'trace.json',
        `${JSON.stringify({ timings: result.timings, pageCount: result.pageCount, ...(result.ai ? { ai: result.ai } : {}), agents: result.trace }, null, 2)}\n`,
      ],
    ];
    for (const [name, data] of files) await fs.writeFile(path.join(outDir, name), data);
    out(`atr: ${result.pageCount} pages; wrote ${files.map(([n]) => n).join(', ')} to ${outDir}`);
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

/** --ai-* flags and the AI_* variables they override. */
const AI_FLAGS: Record<string, string> = {
  'ai-provider': 'AI_PROVIDER',
  'ai-base-url': 'AI_BASE_URL',
  'ai-api-key': 'AI_API_KEY',
  'ai-model': 'AI_MODEL',
  'ai-model-planner': 'AI_MODEL_PLANNER',
  'ai-model-analyst': 'AI_MODEL_ANALYST',
  'ai-model-writer': 'AI_MODEL_WRITER',
  'ai-model-reviewer': 'AI_MODEL_REVIEWER',
  'ai-max-concurrency': 'AI_MAX_CONCURRENCY',
  'ai-timeout-s': 'AI_TIMEOUT_S',
  'ai-max-tokens-per-report': 'AI_MAX_TOKENS_PER_REPORT',
  'ai-prices': 'AI_PRICES',
};

/** AI settings from the environment, overridden by flags; a bad one is a usage error naming it. */
export function aiSettings(
  values: Record<string, unknown>,
  env: Record<string, string | undefined> = process.env,
): AiConfig {
  const merged: Record<string, string | undefined> = {};
  for (const [flag, name] of Object.entries(AI_FLAGS))
    merged[name] = typeof values[flag] === 'string' ? (values[flag] as string) : env[name];
  try {
    return aiConfigFromEnv(merged);
  } catch (e) {
    if (e instanceof AiConfigError)
      throw new UsageError(
        e.message.replace(/\bAI_([A-Z_]+)/g, (m) => `${m} (--${m.toLowerCase().replace(/_/g, '-')})`),
      );
    throw e;
  }
}

/** A document tree for a standalone markdown file: no cover, contents when it has several headings. */
export function treeForMarkdown(md: string, title: string, now: Date): DocTree {
  const blocks = markdownToBlocks(md);
  const headings = blocks.filter((b) => b.type === 'heading').length;
  return {
    version: DOC_TREE_VERSION,
    meta: { title, generatedAt: now.toISOString(), generator: 'ATR report engine' },
    cover: null,
    toc: headings >= 3,
    blocks,
    assets: {},
  };
}

async function renderCommand(argv: string[], out: (line: string) => void): Promise<void> {
  const { values, positionals } = parse(argv, {
    to: { type: 'string' },
    out: { type: 'string', short: 'o' },
    title: { type: 'string' },
  });
  if (positionals.length !== 1) throw new UsageError('atr render needs exactly one markdown file');
  const to = values.to as string | undefined;
  if (to !== 'docx' && to !== 'latex' && to !== 'pdf')
    throw new UsageError(
      to === undefined ? '--to docx|latex|pdf is required' : `--to must be docx, latex or pdf, not ${to}`,
    );
  const input = positionals[0]!;
  const md = await readText(input, 'atr render');
  const firstHeading = md
    .split('\n')
    .find((line) => /^#\s/.test(line) && line.slice(1).trim())
    ?.slice(1)
    .trim();
  const title =
    (values.title as string | undefined) ?? firstHeading ?? path.basename(input).replace(/\.[^.]+$/, '');
  const base = input.replace(/\.(md|markdown)$/i, '');
  const target =
    (values.out as string | undefined) ??
    (to === 'docx' ? `${base}.docx` : to === 'pdf' ? `${base}.pdf` : `${base}-latex.zip`);
  const t0 = performance.now();
  const tree = treeForMarkdown(md, title, new Date());
  const { writeLatex, writeLatexBundle } = await import('./writers/latex/index.ts');
  let bytes: Uint8Array | string;
  if (to === 'docx') bytes = await (await import('./writers/docx/index.ts')).writeDocx(tree);
  else if (to === 'pdf') bytes = await (await import('./writers/pdf/index.ts')).writePdf(tree);
  else bytes = /\.tex$/i.test(target) ? writeLatex(tree).mainTex : await writeLatexBundle(tree);
  await fs.writeFile(target, bytes);
  out(`atr: wrote ${target} (${seconds(performance.now() - t0)})`);
}

async function version(): Promise<string> {
  const pkg = JSON.parse(await fs.readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** Runs the CLI and returns its exit code; output goes through `out` and `err` so tests can capture it. */
export async function main(
  argv: string[],
  out = (l: string) => void process.stdout.write(`${l}\n`),
  err = (l: string) => void process.stderr.write(`${l}\n`),
): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (
      command === undefined ||
      command === '--help' ||
      command === '-h' ||
      command === 'help' ||
      rest.includes('--help') ||
      rest.includes('-h')
    ) {
      out(HELP);
      return command === undefined ? 2 : 0;
    }
    if (command === '--version' || command === '-v') {
      out(await version());
      return 0;
    }
    if (command === 'report') await reportCommand(rest, out);
    else if (command === 'render') await renderCommand(rest, out);
    else throw new UsageError(`unknown command "${command}"`);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      err(`atr: ${e.message}. See atr --help.`);
      return 2;
    }
    if (isEngineError(e)) {
      const oneLine = joinLines(e.message);
      err(`atr: ${oneLine}`);
      // A bad template or an unusable source is bad input; anything else is a failed report.
      return e.kind === 'template' || e.kind === 'ingest' ? 2 : e.kind === 'cancelled' ? 130 : 1;
    }
    err(`atr: unexpected error: ${(e as Error).message ?? String(e)}`);
    if (process.env.ATR_DEBUG) err(String((e as Error).stack));
    return 1;
  }
}

// Only run when executed (bin/atr.js imports this file), not when a test imports main().
const invokedDirectly =
  process.argv[1] !== undefined && /(?:^|[\\/])(atr(\.js)?|cli\.ts)$/.test(process.argv[1]);
if (invokedDirectly) process.exitCode = await main(process.argv.slice(2));
