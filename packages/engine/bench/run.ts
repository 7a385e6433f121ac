// The engine benchmark: the offline pipeline on this repository and on a generated ~100k-line tree,
// compared with cloc on the same files in the same run; `atr render` against pandoc; optionally the
// peak memory of ingesting a large ZIP (`-- --zip-mb 1024`).

import { execFile } from 'node:child_process';
import { createWriteStream, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import yazl from 'yazl';
import { onPath } from '../src/pipeline.ts';
import { generateTree } from './generate-tree.ts';

const exec = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const engineDir = path.resolve(here, '..');
const repoRoot = path.resolve(engineDir, '../..');
const template = path.join(engineDir, 'templates/generic_template.yaml');
const tsxCli = path.join(
  path.dirname(fileURLToPath(import.meta.resolve('tsx/package.json'))),
  'dist/cli.mjs',
);

const { values } = parseArgs({
  options: {
    'zip-mb': { type: 'string', default: '0' },
    'zip-only': { type: 'boolean', default: false },
    lines: { type: 'string', default: '100000' },
  },
});

interface OneRun {
  totalMs: number;
  steps: Record<string, number>;
  passes: Record<string, number>;
  files: number;
  lines: number;
  code: number;
  pages: number;
  maxRssMb: number;
  listFile: string;
}

async function timeIt<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const r = await fn();
  return [r, performance.now() - t0];
}

async function tsx(script: string, args: string[]): Promise<string> {
  const { stdout } = await exec(process.execPath, [tsxCli, path.join(here, script), ...args], {
    maxBuffer: 64 * 1024 * 1024,
    cwd: engineDir,
  });
  return stdout.trim().split('\n').at(-1)!;
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const rows: string[] = [];
const print = (line = '') => {
  console.log(line);
  rows.push(line);
};

async function benchTree(label: string, dir: string): Promise<void> {
  const run = JSON.parse(await tsx('run-one.ts', [dir, template])) as OneRun;
  let clocMs: number | null = null;
  let clocCode: number | null = null;
  if (onPath('cloc')) {
    const [out, ms] = await timeIt(() =>
      exec('cloc', ['--json', '--quiet', `--list-file=${run.listFile}`], { maxBuffer: 64 * 1024 * 1024 }),
    );
    clocMs = ms;
    clocCode = (JSON.parse(out.stdout) as { SUM?: { code: number } }).SUM?.code ?? null;
  }
  await fs.rm(run.listFile, { force: true });
  const analysisMs = run.steps.ai_code_analysis ?? 0;
  print(`### ${label}`);
  print();
  print(
    `${run.files} files, ${run.lines.toLocaleString('en')} lines (${run.code.toLocaleString('en')} code), ${run.pages} PDF pages`,
  );
  print();
  print('| step | time |');
  print('|---|---|');
  for (const [step, ms] of Object.entries(run.steps)) print(`| ${step} | ${s(ms)} |`);
  print(`| **whole pipeline** | **${s(run.totalMs)}** |`);
  print();
  const slow = Object.entries(run.passes)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([k, v]) => `${k} ${Math.round(v)} ms`)
    .join(', ');
  print(`- slowest analysis passes: ${slow}`);
  print(`- peak RSS: ${run.maxRssMb} MB`);
  print(
    `- throughput: ${Math.round(run.lines / (analysisMs / 1000)).toLocaleString('en')} lines/s in the analysis step, ${Math.round(run.lines / (run.totalMs / 1000)).toLocaleString('en')} lines/s for the whole pipeline`,
  );
  if (clocMs !== null) {
    print(
      `- cloc on the same ${run.files} files: ${s(clocMs)} (${clocCode?.toLocaleString('en')} code lines; ours ${run.code.toLocaleString('en')}${clocCode !== null && clocCode !== run.code ? ', the difference being lines cloc takes for comments because a string literal holds a comment marker' : ''}); analysis / cloc time ratio: **${(analysisMs / clocMs).toFixed(2)}**`,
    );
  } else print('- cloc is not installed: no comparison');
  print();
}

function bigMarkdown(sections: number): string {
  const parts = ['# Large document', ''];
  for (let i = 1; i <= sections; i++) {
    parts.push(
      `## Section ${i}`,
      '',
      `Paragraph ${i} explains the *design* of component ${i}, its **invariants** and the \`config_${i}\` option; see src/mod${i}.ts:${i}.`,
      '',
    );
    parts.push('- first point about throughput', '- second point about latency', '  - a nested detail', '');
    parts.push(
      '| key | value | note |',
      '|---|---:|---|',
      `| a${i} | ${i * 3} | fine |`,
      `| b${i} | ${i * 7} | check |`,
      '',
    );
    if (i % 5 === 0)
      parts.push('```ts', `export function f${i}(x: number): number {`, `  return x * ${i};`, '}', '```', '');
  }
  return parts.join('\n');
}

async function benchRender(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
  try {
    const md = path.join(dir, 'big.md');
    await fs.writeFile(md, bigMarkdown(1500));
    const lines = (await fs.readFile(md, 'utf8')).split('\n').length;
    print(`### atr render vs pandoc (${lines.toLocaleString('en')}-line markdown file)`);
    print();
    print('| tool | docx | pdf |');
    print('|---|---|---|');
    const bin = path.join(engineDir, 'bin/atr.js');
    const [, docxMs] = await timeIt(() =>
      exec(process.execPath, [bin, 'render', md, '--to', 'docx', '--out', path.join(dir, 'atr.docx')]),
    );
    const [, pdfMs] = await timeIt(() =>
      exec(process.execPath, [bin, 'render', md, '--to', 'pdf', '--out', path.join(dir, 'atr.pdf')]),
    );
    print(`| atr render (incl. process start) | ${s(docxMs)} | ${s(pdfMs)} |`);
    if (onPath('pandoc')) {
      const [, pDocx] = await timeIt(() => exec('pandoc', [md, '-o', path.join(dir, 'pandoc.docx')]));
      let pPdf = 'n/a';
      if (onPath('xelatex')) {
        const [, ms] = await timeIt(() =>
          exec('pandoc', [md, '--pdf-engine=xelatex', '-o', path.join(dir, 'pandoc.pdf')], {
            maxBuffer: 16 * 1024 * 1024,
          }).catch(() => null),
        );
        pPdf = `${s(ms)} (xelatex)`;
      }
      print(`| pandoc | ${s(pDocx)} | ${pPdf} |`);
    } else print('| pandoc | not installed | |');
    print();
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** A ZIP of `mb` megabytes of source text, written as a stream (1 MB files, 1024 per folder). */
async function bigZip(file: string, mb: number): Promise<void> {
  const zip = new yazl.ZipFile();
  const chunk = Buffer.from(
    Array.from(
      { length: 16 * 1024 },
      (_, i) => `const value${i % 997} = compute(${i}, "${(i * 2654435761) % 1000003}");\n`,
    )
      .join('')
      .slice(0, 1024 * 1024),
  );
  for (let i = 0; i < mb; i++) {
    zip.addReadStream(Readable.from([chunk]), `big/part${Math.floor(i / 1024)}/file${i}.ts`, {
      size: chunk.length,
    });
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));
}

async function benchZip(mb: number): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
  try {
    const file = path.join(dir, 'big.zip');
    await bigZip(file, mb);
    const size = (await fs.stat(file)).size;
    const r = JSON.parse(await tsx('run-ingest.ts', [file])) as {
      ms: number;
      files: number;
      bytes: number;
      maxRssMb: number;
    };
    print(`### ZIP ingest of ${mb} MB uncompressed (${Math.round(size / 1048576)} MB compressed)`);
    print();
    print(`- ${r.files} files extracted in ${s(r.ms)}; peak RSS ${r.maxRssMb} MB`);
    print();
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

print(
  `## Run of ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`,
);
print();
if (!values['zip-only']) {
  await benchTree('This repository', repoRoot);
  const tree = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'atr-')), 'bench-tree');
  const written = await generateTree(tree, Number(values.lines));
  print(`(generated tree: ${written.toLocaleString('en')} lines)`);
  print();
  await benchTree(
    `Generated multi-language tree (~${Number(values.lines).toLocaleString('en')} lines)`,
    tree,
  );
  await fs.rm(path.dirname(tree), { recursive: true, force: true });
  await benchRender();
}
const zipMb = Number(values['zip-mb']);
if (zipMb > 0) await benchZip(zipMb);
