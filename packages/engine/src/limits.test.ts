// Limits on work: a template with too many headings is refused before any work starts, and a report
// over the page limit is refused from the page estimate before the writers run, or from the real
// PDF's page count at the end.

import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from './errors.ts';
import { generateReport, PAGE_ESTIMATE_SLACK } from './pipeline.ts';
import { parseTemplate } from './template/parse.ts';
import type { EngineContext, ReportInput } from './types.ts';
import { estimatePageCount } from './writers/docx/page-estimate.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = path.resolve(here, '../test/fixtures/sample-app');
const template = parseTemplate(
  await fs.readFile(path.resolve(here, '../templates/generic_template.yaml'), 'utf8'),
);
const input: ReportInput = {
  projectName: 'Bookshelf API',
  source: { kind: 'directory', path: fixture },
  template,
};

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-limits-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

function context(name: string, limits: EngineContext['limits']): EngineContext & { messages: string[] } {
  const messages: string[] = [];
  return {
    messages,
    workDir: path.join(dir, name),
    now: () => new Date('2026-03-02T10:00:00Z'),
    onProgress: (step, _p, m) => void messages.push(`${step}: ${m ?? ''}`),
    limits,
  };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as EngineError,
  );

describe('limits on work in the pipeline', () => {
  it('refuses a template with more headings than allowed before reading the code base', async () => {
    const ctx = context('headings', { maxTemplateHeadings: 10 });
    const e = await failure(generateReport(input, ctx, { pdfEngine: 'js' }));
    expect(e).toBeInstanceOf(EngineError);
    expect(e!.kind).toBe('template');
    expect(e!.message).toBe(
      'The template has 32 headings (12 chapters, 20 sections and 0 subsections); at most 10 are allowed. Remove chapters, sections or subsections, or split the template into several reports.',
    );
    expect(ctx.messages).toEqual([]);
    await expect(fs.access(ctx.workDir)).rejects.toThrow();
  });

  it('refuses a report over the page limit: from the estimate before the writers, or from the real page count', async () => {
    const full = await generateReport(input, context('full', {}), { pdfEngine: 'js' });
    const estimate = estimatePageCount(full.tree);
    const real = full.pageCount;
    expect(Math.abs(estimate - real)).toBeLessThanOrEqual(Math.max(1, real * PAGE_ESTIMATE_SLACK));

    // far over: the estimate refuses, and no writer ran
    const small = Math.floor(estimate / (1 + PAGE_ESTIMATE_SLACK)) - 1;
    const early = context('early', { maxReportPages: small });
    const e1 = await failure(generateReport(input, early, { pdfEngine: 'js' }));
    expect(e1!.kind).toBe('writer');
    expect(e1!.message).toBe(
      `The report would have about ${estimate} pages, more than the limit of ${small} pages per report. Use a template with fewer chapters and sections.`,
    );
    expect(early.messages.some((m) => m.includes('Word document written'))).toBe(false);

    // just over: within the estimate's slack, so the real PDF decides
    const limit = real - 1;
    expect(estimate).toBeLessThanOrEqual(Math.floor(limit * (1 + PAGE_ESTIMATE_SLACK)));
    const late = context('late', { maxReportPages: limit });
    const e2 = await failure(generateReport(input, late, { pdfEngine: 'js' }));
    expect(e2!.kind).toBe('writer');
    expect(e2!.message).toBe(
      `The report has ${real} pages, more than the limit of ${limit} pages per report. Use a template with fewer chapters and sections.`,
    );
    expect(late.messages.some((m) => m.includes('PDF written'))).toBe(true);
    expect(late.messages.some((m) => m.startsWith('done'))).toBe(false);

    // at the limit: the report is made
    expect(
      (await generateReport(input, context('exact', { maxReportPages: real }), { pdfEngine: 'js' }))
        .pageCount,
    ).toBe(real);
  }, 240_000);
});
