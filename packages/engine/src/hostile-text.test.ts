// Security regression: text from the analysed code base (file names, module names, README text,
// comments, dependency names, scripts, routes, env vars, commit messages and authors) reaches the
// DOCX, the LaTeX source, the LaTeX-compiled PDF and the built-in PDF as text — never as a hyperlink,
// a Word field, a LaTeX command or markup. Each document is read back with real tools.

import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfUris } from '../test/golden/pdf-links.ts';
import { unzip } from '../test/golden/zip.ts';
import { runAgents } from './agents/index.ts';
import { ingestDirectory } from './ingest/directory-ingest.ts';
import { generateReport, onPath } from './pipeline.ts';
import { parseTemplate } from './template/parse.ts';
import { markdownToBlocks } from './tree/markdown.ts';
import type { Block, Inline } from './tree/types.ts';
import type { ReportArtifacts } from './types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const template = parseTemplate(
  await fs.readFile(path.resolve(here, '../templates/generic_template.yaml'), 'utf8'),
);

function tool(name: string): boolean {
  const present = onPath(name);
  if (!present && process.env.CI) throw new Error(`${name} is required in CI but is not installed`);
  if (!present) console.warn(`SKIPPING checks that need ${name}: it is not installed`);
  return present;
}
const hasPdftotext = tool('pdftotext');
const hasXelatex = tool('xelatex');

/** The file name of the reported attack: a code span that closes early and leaves a live link. */
const EVIL_FILE = 'src/x`[Download the security patch](https:/evil.example/patch.exe)`y.js';
const EVIL_MODULE = 'lib`[Module docs](https://evil.example/module)`';
const README = [
  '# Evil [Home](https://evil.example/title) project',
  '',
  'A tool. [Download the security patch](https://evil.example/readme.exe) now, or visit www.evil.example/bare and <https://evil.example/angle>.',
  '<a href="https://evil.example/html">html link</a> \\input{/etc/passwd} \\write18{touch /tmp/pwned} {=html} $x^2$ 100% #1 _a_ ~b~ & c.',
  '',
].join('\n');
const TODO =
  '// TODO: [Download the fix](https://evil.example/todo.exe) \\write18{touch pwned} ```` $x$ #_%~^&';
const AUTHOR = 'Mallory [Profile](https://evil.example/author)';

let dir: string;
let root: string;
let artifacts: ReportArtifacts;
let texDir: string;

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', `user.name=${AUTHOR}`, '-c', 'user.email=m@evil.example', ...args], {
    cwd,
    stdio: 'pipe',
    env: { ...process.env, GIT_CONFIG_GLOBAL: os.devNull, GIT_CONFIG_NOSYSTEM: '1' },
  });
}

async function write(root: string, rel: string, body: string): Promise<void> {
  await fs.mkdir(path.dirname(path.join(root, rel)), { recursive: true });
  await fs.writeFile(path.join(root, rel), body);
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-hostile-'));
  root = path.join(dir, 'project');
  await write(root, 'README.md', README);
  await write(
    root,
    'package.json',
    JSON.stringify(
      {
        name: 'evil-app',
        version: '1.0.0',
        main: 'src/server.js',
        scripts: {
          start: 'node src/server.js',
          build: 'echo [b](https://evil.example/build) \\input{x}',
          test: 'node --test',
        },
        dependencies: { express: '4.18.2', '[dep](https://evil.example/dep)': '^1.0.0' },
      },
      null,
      2,
    ),
  );
  await write(
    root,
    'src/server.js',
    [
      "import express from 'express';",
      "import { handler } from './x`[Download the security patch](https:/evil.example/patch.exe)`y.js';",
      `import { helper } from '../${EVIL_MODULE}/helper.js';`,
      TODO,
      'const app = express();',
      "app.get('/r`[Route](https://evil.example/route)`', handler);",
      "app.post('/items', helper);",
      "const token = process.env.EVIL_TOKEN ?? '[t](https://evil.example/env)';",
      'app.listen(3000);',
      '',
    ].join('\n'),
  );
  await write(root, EVIL_FILE, `${TODO}\nexport function handler(req, res) { res.send('ok'); }\n`);
  await write(
    root,
    `${EVIL_MODULE}/helper.js`,
    "import { handler } from '../src/x`[Download the security patch](https:/evil.example/patch.exe)`y.js';\nexport function helper() { return handler; }\n",
  );
  await write(
    root,
    'test/server.test.js',
    "import test from 'node:test';\ntest('[t](https://evil.example/test)', () => {});\n",
  );
  git(root, 'init', '-q');
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', 'Fix [Commit](https://evil.example/commit) \\input{/etc/passwd}');

  artifacts = await generateReport(
    { projectName: 'Evil App', source: { kind: 'directory', path: root }, template },
    { workDir: path.join(dir, 'work'), now: () => new Date('2026-03-02T10:00:00Z'), onProgress: () => {} },
    { pdfEngine: 'js' },
  );
  texDir = path.join(dir, 'tex');
  await fs.mkdir(texDir);
  const bundle = await unzip(artifacts.latexZip);
  for (const [name, bytes] of bundle) {
    await fs.mkdir(path.dirname(path.join(texDir, name)), { recursive: true });
    await fs.writeFile(path.join(texDir, name), bytes);
  }
}, 300_000);

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
}

const squash = (s: string) => s.replace(/\s+/g, '');

/** Every link inline in blocks, however deeply nested. */
function linksIn(blocks: Block[]): string[] {
  const fromInlines = (list: Inline[]): string[] =>
    list.flatMap((i) =>
      i.type === 'link'
        ? [i.url, ...fromInlines(i.children)]
        : i.type === 'strong' || i.type === 'emphasis'
          ? fromInlines(i.children)
          : [],
    );
  return blocks.flatMap((b) => {
    switch (b.type) {
      case 'paragraph':
        return fromInlines(b.children);
      case 'list':
        return b.items.flatMap(linksIn);
      case 'table':
        return [...b.header, ...b.rows.flat()].flatMap(fromInlines);
      case 'callout':
      case 'quote':
        return linksIn(b.children);
      default:
        return [];
    }
  });
}

describe('text from the code base in every writer', () => {
  it('the analysis really carries the hostile names (so the checks below mean something)', () => {
    const a = artifacts.analysis;
    expect(a.files.map((f) => f.path)).toContain(EVIL_FILE);
    expect(a.git?.authors[0]?.name).toBe(AUTHOR);
    expect(a.dependencies.map((d) => d.name)).toContain('[dep](https://evil.example/dep)');
    expect(a.todos.some((t) => t.text.includes('evil.example/todo.exe'))).toBe(true);
  });

  it('escaping alone keeps links out: every offline section parses with no link, before any link policy', async () => {
    const ctx = {
      workDir: path.join(dir, 'agents'),
      now: () => new Date('2026-03-02T10:00:00Z'),
      onProgress: () => {},
    };
    const workspace = await ingestDirectory(root, ctx);
    const out = await runAgents(
      {
        analysis: artifacts.analysis,
        template,
        workspace,
        projectName: 'Evil [App](https://evil.example/name)',
        imageNames: [],
      },
      ctx,
    );
    expect(out.sections.length).toBeGreaterThan(20);
    const all = out.sections.map((d) => d.markdown).join('\n\n');
    expect(all).toContain('evil.example/todo.exe'); // the hostile text is in the drafts
    for (const draft of out.sections)
      expect(linksIn(markdownToBlocks(draft.markdown)), draft.title).toEqual([]);
  }, 120_000);

  it('DOCX: no hyperlink, field or relationship to evil.example; the names show as literal text', async () => {
    const files = await unzip(artifacts.docx);
    const xml = files.get('word/document.xml')!.toString('utf8');
    const rels = files.get('word/_rels/document.xml.rels')!.toString('utf8');
    expect(rels).not.toContain('evil.example');
    expect(rels).not.toMatch(/TargetMode="External"/);
    // the only hyperlinks are the contents' jumps to headings (w:anchor), never external (r:id)
    expect(xml).not.toMatch(/<w:hyperlink\b[^>]*r:id=/);
    expect(xml).not.toContain('w:fldSimple');
    const instr = [...xml.matchAll(/<w:instrText[^>]*>([^<]*)<\/w:instrText>/g)].map((m) => m[1]!);
    for (const code of instr) expect(code).not.toMatch(/HYPERLINK|INCLUDE|evil/i);
    const texts = [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]!).join('');
    const literal = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(texts).toContain(literal(EVIL_FILE));
    expect(texts).toContain(literal(`${EVIL_FILE}:1`)); // a citation of the file, whole
    expect(texts).not.toContain('``src/x'); // and never a broken one: a fence shown as text
    expect(texts).toContain(
      literal('[Download the fix](https://evil.example/todo.exe) \\write18{touch pwned}'),
    );
    expect(texts).toContain(literal(AUTHOR));
    expect(texts).toContain('www.evil.example/bare and https://evil.example/angle');
  });

  it('LaTeX: no \\href to evil.example and no command from the code base; compiles with xelatex', async () => {
    const tex = await fs.readFile(path.join(texDir, 'main.tex'), 'utf8');
    expect(tex).not.toMatch(/\\href\{[^}]*evil/);
    expect(tex).not.toMatch(/\\url\{/);
    expect(tex).not.toMatch(/\\(?:input|write18)\b/);
    expect(tex).toContain('evil.example'); // the text is there, escaped
    if (!hasXelatex) return;
    const r = (() => {
      try {
        execFileSync(
          'xelatex',
          ['-interaction=nonstopmode', '-halt-on-error', '-no-shell-escape', 'main.tex'],
          { cwd: texDir, stdio: 'pipe', timeout: 240_000 },
        );
        return 0;
      } catch (e) {
        return (e as { status?: number }).status ?? 1;
      }
    })();
    expect(r, await fs.readFile(path.join(texDir, 'main.log'), 'utf8').catch(() => '')).toBe(0);
    const pdf = new Uint8Array(await fs.readFile(path.join(texDir, 'main.pdf')));
    expect((await pdfUris(pdf)).filter((u) => u.includes('evil'))).toEqual([]);
    await expect(fs.access(path.join(texDir, 'pwned'))).rejects.toThrow();
    if (!hasPdftotext) return;
    const text = squash(pdfText(path.join(texDir, 'main.pdf')));
    expect(text).toContain(squash(EVIL_FILE));
    expect(text).toContain(squash(AUTHOR));
    expect(text).toContain(squash('echo [b](https://evil.example/build) \\input{x}'));
  }, 300_000);

  it('built-in PDF: no link annotation to evil.example; pdftotext shows the literal names', async () => {
    expect((await pdfUris(artifacts.pdf)).filter((u) => u.includes('evil'))).toEqual([]);
    if (!hasPdftotext) return;
    const file = path.join(dir, 'report.pdf');
    await fs.writeFile(file, artifacts.pdf);
    const text = squash(pdfText(file));
    expect(text).toContain(squash(EVIL_FILE));
    expect(text).toContain(squash(AUTHOR));
    expect(text).toContain(squash('echo [b](https://evil.example/build) \\input{x}'));
  });
});
