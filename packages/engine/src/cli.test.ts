// Spawns the real `atr` command: help, flag and input errors (one line, exit 2), and `atr render`.

import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandImages } from './cli.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.resolve(here, '../bin/atr.js');
const fixture = path.resolve(here, '../test/fixtures/sample-app');
const generic = path.resolve(here, '../templates/generic_template.yaml');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function atr(args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { cwd, timeout: 120_000, env: { ...process.env, PDF_ENGINE: 'js' } },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('atr --help', () => {
  it('documents every flag and exits 0', async () => {
    const r = await atr(['--help'], dir);
    expect(r.code).toBe(0);
    for (const flag of [
      '--template',
      '--out',
      '--logo',
      '--images',
      '--company',
      '--name',
      '--token',
      '--api-base',
      '--pdf-engine',
      '--max-headings',
      '--max-pages',
      '--to',
      '--title',
      '--help',
      '--version',
    ]) {
      expect(r.stdout).toContain(flag);
    }
    expect(r.stdout).toContain('atr report <path | file.zip | github-url>');
    expect(r.stdout).toContain('atr render <doc.md>');
  });
  it('prints help and exits 2 with no command', async () => {
    const r = await atr([], dir);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('Usage:');
  });
});

describe('bad flags and inputs: one clear line, exit 2', () => {
  const cases: [string, string[], RegExp][] = [
    [
      'unknown flag',
      ['report', fixture, '--template', generic, '--colour', 'red'],
      /^atr: Unknown option '--colour'/,
    ],
    ['unknown command', ['publish'], /^atr: unknown command "publish"/],
    ['missing template', ['report', fixture], /^atr: --template <file\.yaml> is required/],
    [
      'missing source',
      ['report', '--template', generic],
      /^atr: atr report needs a folder, \.zip file or GitHub URL/,
    ],
    [
      'source does not exist',
      ['report', 'no-such-folder', '--template', generic],
      /^atr: no such file or folder: no-such-folder/,
    ],
    [
      'template does not exist',
      ['report', fixture, '--template', 'nope.yaml'],
      /^atr: --template: cannot read nope\.yaml/,
    ],
    [
      'bad pdf engine',
      ['report', fixture, '--template', generic, '--pdf-engine', 'word'],
      /^atr: --pdf-engine must be js, latex or auto/,
    ],
    [
      'logo is missing',
      ['report', fixture, '--template', generic, '--logo', 'logo.png'],
      /^atr: --logo: no such file: logo\.png/,
    ],
    ['render without --to', ['render', 'doc.md'], /^atr: --to docx\|latex\|pdf is required/],
    [
      'render to an unknown format',
      ['render', 'doc.md', '--to', 'odt'],
      /^atr: --to must be docx, latex or pdf, not odt/,
    ],
    [
      'bad heading limit',
      ['report', fixture, '--template', generic, '--max-headings', 'many'],
      /^atr: --max-headings must be a whole number of at least 1, not many/,
    ],
    [
      'bad page limit',
      ['report', fixture, '--template', generic, '--max-pages', '0'],
      /^atr: --max-pages must be a whole number of at least 1, not 0/,
    ],
    [
      'not a GitHub URL',
      ['report', 'https://github.com/only-owner', '--template', generic],
      /^atr: "https:\/\/github\.com\/only-owner" is not a GitHub repository address/,
    ],
  ];
  it.each(cases)('%s', async (_name, args, message) => {
    const r = await atr(args, dir);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });

  it('a template with a duplicate key names the line', async () => {
    const t = path.join(dir, 'dup.yaml');
    await fs.writeFile(t, 'report_structure:\n  - title: A\n    title: B\n');
    const r = await atr(['report', fixture, '--template', t], dir);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      'atr: Line 3: a key appears twice in the same mapping (duplicate keys are not allowed).',
    );
  });

  it('a template over --max-headings is refused with the count and the limit', async () => {
    const r = await atr(['report', fixture, '--template', generic, '--max-headings', '5'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(
      /^atr: The template has \d+ headings \(\d+ chapters, \d+ sections and 0 subsections\); at most 5 are allowed\./,
    );
  });

  it('a report over --max-pages fails with the page count and the limit, and writes nothing', async () => {
    const out = path.join(dir, 'too-long');
    const r = await atr(['report', fixture, '--template', generic, '--max-pages', '2', '--out', out], dir);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(
      /^atr: The report would have about \d+ pages, more than the limit of 2 pages per report\./,
    );
    await expect(fs.access(out)).rejects.toThrow();
  });

  it('company details are validated', async () => {
    const c = path.join(dir, 'company.json');
    await fs.writeFile(c, JSON.stringify({ name: 'Acme', fax: '123' }));
    const r = await atr(['report', fixture, '--template', generic, '--company', c], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^atr: --company: .*fax/);
    await fs.writeFile(c, '{ not json');
    expect((await atr(['report', fixture, '--template', generic, '--company', c], dir)).stderr).toMatch(
      /^atr: --company: .* is not valid JSON/,
    );
  });
});

describe('expandImages', () => {
  it('turns "--images a.png b.jpg" into repeated flags and stops at the next non-image', () => {
    expect(expandImages(['report', '--images', 'a.png', 'b.JPG', 'src', '--out', 'x'])).toEqual([
      'report',
      '--images',
      'a.png',
      '--images',
      'b.JPG',
      'src',
      '--out',
      'x',
    ]);
  });
});

describe('atr render', () => {
  const md =
    '# Release notes\n\nThe *parser* now accepts `&`, `%` and `$` in titles.\n\n## Changes\n\n- faster ingest\n- safer ZIPs\n\n| a | b |\n|---|---|\n| 1 | 2 |\n';
  it('writes main.tex with user text escaped', async () => {
    await fs.writeFile(path.join(dir, 'notes.md'), md);
    const r = await atr(['render', 'notes.md', '--to', 'latex', '--out', 'notes.tex'], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const tex = await fs.readFile(path.join(dir, 'notes.tex'), 'utf8');
    expect(tex).toContain('\\begin{document}');
    expect(tex).toContain('Release notes');
    expect(tex).toMatch(/\\&/);
    expect(tex).toMatch(/\\%/);
  });
  it('writes a LaTeX ZIP bundle by default and a DOCX', async () => {
    await fs.writeFile(path.join(dir, 'notes.md'), md);
    expect((await atr(['render', 'notes.md', '--to', 'latex'], dir)).code).toBe(0);
    const zip = await fs.readFile(path.join(dir, 'notes-latex.zip'));
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes(Buffer.from('main.tex'))).toBe(true);
    const r = await atr(['render', 'notes.md', '--to', 'docx'], dir);
    expect(r.code).toBe(0);
    const docx = await fs.readFile(path.join(dir, 'notes.docx'));
    expect(docx.subarray(0, 2).toString()).toBe('PK');
    expect(docx.includes(Buffer.from('word/document.xml'))).toBe(true);
  });
});

describe('atr report', () => {
  it('writes the six files and prints each step with its time', async () => {
    const company = path.join(dir, 'acme.json');
    await fs.writeFile(company, JSON.stringify({ name: 'Acme Consulting', website: 'https://acme.example' }));
    const r = await atr(
      ['report', fixture, '--template', generic, '--company', company, '--out', 'out'],
      dir,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    for (const step of [
      'initializing',
      'personalizing',
      'ai_code_analysis',
      'generating_markdown',
      'building_docx',
      'done',
    ]) {
      expect(r.stdout).toMatch(new RegExp(`^  ${step}\\s+\\d+\\.\\d\\d s`, 'm'));
    }
    const files = (await fs.readdir(path.join(dir, 'out'))).sort();
    expect(files).toEqual([
      'analysis.json',
      'preview.pdf',
      'report-latex.zip',
      'report.docx',
      'report.pdf',
      'trace.json',
    ]);
    const analysis = JSON.parse(await fs.readFile(path.join(dir, 'out/analysis.json'), 'utf8')) as {
      project: { name: string };
      files: unknown[];
    };
    expect(analysis.files.length).toBeGreaterThan(15);
    const trace = JSON.parse(await fs.readFile(path.join(dir, 'out/trace.json'), 'utf8')) as {
      timings: Record<string, number>;
      agents: { role: string }[];
    };
    expect(Object.keys(trace.timings)).toEqual([
      'initializing',
      'personalizing',
      'ai_code_analysis',
      'generating_markdown',
      'building_docx',
    ]);
    expect(trace.agents.map((a) => a.role)).toEqual(
      expect.arrayContaining(['planner', 'writer', 'reviewer']),
    );
  });
});
