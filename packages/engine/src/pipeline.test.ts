// End to end on the shared sample-app fixture: every step reported in order, all artifacts written,
// the PDF read back with pdftotext, cancellation, bad uploads, and the LaTeX PDF engine.

import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_BAD_FILTER, PNG_CORRUPT_ZLIB, PNG_VALID_4PX } from '../test/hostile-images.ts';
import { EngineError } from './errors.ts';
import { onPath, generateReport } from './pipeline.ts';
import { countPages } from './preview.ts';
import { parseTemplate } from './template/parse.ts';
import type { EngineContext, PipelineStep, ReportInput } from './types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = path.resolve(here, '../test/fixtures/sample-app');
const template = parseTemplate(
  await fs.readFile(path.resolve(here, '../templates/generic_template.yaml'), 'utf8'),
);

/** A tool a test needs: in CI its absence is a failure, locally a loud skip. */
function tool(name: string): boolean {
  const present = onPath(name);
  if (!present && process.env.CI) throw new Error(`${name} is required in CI but is not installed`);
  if (!present) console.warn(`SKIPPING checks that need ${name}: it is not installed`);
  return present;
}
const hasPdftotext = tool('pdftotext');
const hasLatexmk = tool('latexmk');

let dir: string;
let logoPath: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
  logoPath = path.join(dir, 'acme-logo.png');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#1d4ed8"/><circle cx="20" cy="20" r="12" fill="#fff"/></svg>';
  await fs.writeFile(logoPath, new Resvg(svg).render().asPng());
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

function context(
  name: string,
  extra: Partial<EngineContext> = {},
): EngineContext & { steps: PipelineStep[] } {
  const steps: PipelineStep[] = [];
  return {
    steps,
    workDir: path.join(dir, name),
    now: () => new Date('2026-03-02T10:00:00Z'),
    onProgress(step) {
      if (steps.at(-1) !== step) steps.push(step);
    },
    ...extra,
  };
}

const input: ReportInput = {
  projectName: 'Bookshelf API',
  source: { kind: 'directory', path: fixture },
  template,
  company: { name: 'Acme Consulting GmbH', vat: 'DE123456789', email: 'reports@acme.example' },
};

describe('generateReport on sample-app', () => {
  let result: Awaited<ReturnType<typeof generateReport>>;
  let ctx: ReturnType<typeof context>;

  beforeAll(async () => {
    ctx = context('full');
    result = await generateReport(
      { ...input, logo: { name: 'acme-logo.png', path: logoPath, mime: 'image/png' } },
      ctx,
      { pdfEngine: 'js' },
    );
  }, 120_000); // the whole pipeline; a shared CI machine can be slow

  it('reports every step in order and times each', () => {
    expect(ctx.steps).toEqual([
      'initializing',
      'personalizing',
      'ai_code_analysis',
      'generating_markdown',
      'building_docx',
      'done',
    ]);
    for (const step of [
      'initializing',
      'personalizing',
      'ai_code_analysis',
      'generating_markdown',
      'building_docx',
    ] as const) {
      expect(result.timings[step]).toBeTypeOf('number');
    }
  });

  it('writes all artifacts', async () => {
    expect(Buffer.from(result.docx.subarray(0, 2)).toString()).toBe('PK');
    expect(Buffer.from(result.latexZip).includes(Buffer.from('main.tex'))).toBe(true);
    expect(Buffer.from(result.pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(result.pageCount).toBe(await countPages(result.pdf));
    expect(result.pageCount).toBeGreaterThan(5);
    expect(await countPages(result.previewPdf)).toBe(5);
    expect(result.trace.some((t) => t.role === 'planner')).toBe(true);
    expect(result.tree.cover?.logoAsset).toBeTruthy();
  });

  it('analysed the fixture itself (routes, skipped files, languages)', () => {
    expect(
      result.analysis.routes.some((r) => r.method === 'DELETE' && r.file === 'src/routes/books.ts'),
    ).toBe(true);
    expect(result.analysis.routes.some((r) => r.method === 'POST' && r.file === 'src/routes/loans.ts')).toBe(
      true,
    );
    // routers are reported under the prefix app.ts mounts them at, and the report says so
    expect(result.analysis.routes).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/api/books/:id', file: 'src/routes/books.ts' }),
    );
    const report = JSON.stringify(result.tree);
    for (const p of ['/api/books/:id', '/api/loans/:id/return', '/health']) expect(report).toContain(p);
    expect(report).not.toMatch(/`\/:id`/);
    expect(result.analysis.languages.map((l) => l.language)).toEqual(
      expect.arrayContaining(['TypeScript', 'Python']),
    );
    expect(result.analysis.files.some((f) => f.path === 'src/services/loan-service.ts')).toBe(true);
  });

  it.skipIf(!hasPdftotext)(
    'the PDF has the template titles in order, the company, and facts about the code',
    async () => {
      const pdfPath = path.join(dir, 'report.pdf');
      await fs.writeFile(pdfPath, result.pdf);
      const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
      // pages: cover, contents, then the body; the chapter titles must appear there in template order
      const pages = text.split('\f');
      expect(pages[1]).toContain('Contents');
      const body = pages.slice(2).join('\n');
      let at = 0;
      for (const chapter of template.chapters) {
        const next = body.indexOf(chapter.title, at);
        expect(next, chapter.title).toBeGreaterThanOrEqual(at);
        at = next + chapter.title.length;
      }
      expect(text).toContain('Acme Consulting GmbH');
      expect(text).toContain('DE123456789');
      expect(text).toContain('src/routes/books.ts');
      expect(text).toContain('DATABASE_URL');
      expect(text).toMatch(/[Ee]xpress/);
      expect(text).not.toContain('AKIAIOSFODNN7EXAMPLE');
      expect(text).not.toMatch(/lorem ipsum|TODO: write/i);
    },
  );
});

describe('generateReport failures', () => {
  it('stops at the next step boundary when cancelled', async () => {
    const controller = new AbortController();
    const ctx = context('cancel', { signal: controller.signal });
    const base = ctx.onProgress;
    ctx.onProgress = (step, percent) => {
      base(step, percent);
      if (step === 'ai_code_analysis') controller.abort();
    };
    const error = await generateReport(input, ctx).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).kind).toBe('cancelled');
    expect(ctx.steps).not.toContain('building_docx');
  });

  it('refuses a logo that is not an image', async () => {
    const fake = path.join(dir, 'logo.png');
    await fs.writeFile(fake, 'this is text pretending to be a PNG');
    const error = await generateReport(
      { ...input, logo: { name: 'logo.png', path: fake, mime: 'image/png' } },
      context('bad-logo'),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as EngineError).message).toBe('The logo "logo.png" is not a PNG or JPEG image.');
  });

  // These PNGs used to kill the whole process from inside zlib's callback when the PDF writer decoded them.
  it.each([
    ['a corrupt zlib stream', PNG_CORRUPT_ZLIB],
    ['an invalid row filter', PNG_BAD_FILTER],
  ])('refuses a logo with %s before any writer sees it', async (_, bytes) => {
    const bad = path.join(dir, 'damaged.png');
    await fs.writeFile(bad, bytes);
    const error = await generateReport(
      { ...input, logo: { name: 'damaged.png', path: bad, mime: 'image/png' } },
      context('damaged-logo'),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as EngineError).message).toBe('The logo "damaged.png" is damaged and cannot be decoded.');
  });

  it('refuses an image over the pixel limit without decoding it', async () => {
    const big = path.join(dir, 'big.png');
    await fs.writeFile(big, PNG_VALID_4PX);
    const ctx = { ...context('pixels'), limits: { maxImagePixels: 15 } };
    const error = await generateReport(
      { ...input, images: [{ name: 'big.png', path: big, mime: 'image/png' }] },
      ctx,
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as EngineError).message).toBe(
      'The image "big.png" is too large (4 × 4 pixels is more than 0 megapixels; the limit is 0 megapixels).',
    );
  });

  it.skipIf(!hasLatexmk)('compiles the LaTeX bundle when PDF_ENGINE=latex', async () => {
    const short = parseTemplate('report_structure:\n  - title: Overview\n  - title: API Endpoints\n');
    const result = await generateReport({ ...input, template: short }, context('latex'), {
      pdfEngine: 'latex',
    });
    const pdfPath = path.join(dir, 'latex.pdf');
    await fs.writeFile(pdfPath, result.pdf);
    expect(execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' })).toMatch(/Producer:[^\n]*TeX/);
    expect(execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' })).toContain('API Endpoints');
  });
});
