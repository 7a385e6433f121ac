// Template parsing: the shipped templates, the accepted shapes, and each rejection with its line.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import { parseTemplate, TEMPLATE_LIMITS } from './parse.ts';

const templatesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../templates');

function rejection(text: string): EngineError {
  try {
    parseTemplate(text);
  } catch (e) {
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).kind).toBe('template');
    return e as EngineError;
  }
  throw new Error('expected the template to be rejected');
}

describe('shipped templates', () => {
  it('generic_template has 8-12 chapters with sections and no warnings', () => {
    const t = parseTemplate(readFileSync(path.join(templatesDir, 'generic_template.yaml'), 'utf8'));
    expect(t.warnings).toEqual([]);
    expect(t.chapters.length).toBeGreaterThanOrEqual(8);
    expect(t.chapters.length).toBeLessThanOrEqual(12);
    expect(t.chapters[0]?.title).toBe('Executive Summary');
    expect(t.chapters.filter((c) => c.sections.length > 0).length).toBeGreaterThanOrEqual(6);
    expect(t.name).toBe('Technical report');
  });
  it.each(['executive_overview.yaml', 'architecture_security_review.yaml'])('%s parses cleanly', (file) => {
    const t = parseTemplate(readFileSync(path.join(templatesDir, file), 'utf8'));
    expect(t.warnings).toEqual([]);
    expect(t.chapters.length).toBeGreaterThanOrEqual(4);
  });
});

describe('parseTemplate', () => {
  it('reads chapters, sections, string and object subsections, images', () => {
    const t = parseTemplate(`report_structure:
  - title: Intro
  - title: Design
    images: [arch.png, flow.jpg]
    sections:
      - title: Layers
        subsections:
          - Web
          - title: Workers
      - Storage
`);
    expect(t).toEqual({
      chapters: [
        { title: 'Intro', sections: [] },
        {
          title: 'Design',
          images: ['arch.png', 'flow.jpg'],
          sections: [
            { title: 'Layers', subsections: [{ title: 'Web' }, { title: 'Workers' }] },
            { title: 'Storage', subsections: [] },
          ],
        },
      ],
      warnings: [],
    });
  });

  it('reports unknown keys as warnings with their line', () => {
    const t = parseTemplate('report_structure:\n  - title: A\n    colour: red\nauthor: me\n');
    expect(t.warnings).toEqual([
      'Line 3: unknown key "colour" in chapter 1 was ignored.',
      'Line 4: unknown key "author" in the template was ignored.',
    ]);
    expect(t.chapters).toEqual([{ title: 'A', sections: [] }]);
  });

  it('allows a few aliases', () => {
    const t = parseTemplate('common: &c\n  title: Shared\nreport_structure:\n  - *c\n  - *c\n');
    expect(t.chapters.map((c) => c.title)).toEqual(['Shared', 'Shared']);
  });

  it.each([
    ['duplicate keys', 'report_structure:\n  - title: A\n    title: B\n', /^Line 3: a key appears twice/],
    [
      'merge keys are not merged',
      'base: &b\n  title: X\nreport_structure:\n  - <<: *b\n',
      /^Line 4: chapter 1 needs a title/,
    ],
    [
      'empty title',
      'report_structure:\n  - title: A\n  - title: "  "\n',
      /^Line 3: chapter 2 has an empty title/,
    ],
    ['missing title', 'report_structure:\n  - sections: []\n', /^Line 2: chapter 1 needs a title/],
    [
      'empty section title',
      'report_structure:\n  - title: A\n    sections:\n      - title: ""\n',
      /^Line 4: section 1\.1 has an empty title/,
    ],
    ['no report_structure', 'chapters:\n  - A\n', /^Line 1: the template has no "report_structure"/],
    ['report_structure not a list', 'report_structure: hello\n', /^Line 1: report_structure must be a list/],
    ['empty report_structure', 'report_structure: []\n', /^Line 1: report_structure has no chapters/],
    ['not a mapping', '- a\n- b\n', /^Line 1: the template must be a mapping/],
    ['syntax error', 'report_structure:\n  - title: "unclosed\n', /^Line \d+: Missing closing "quote/],
    [
      'too many chapters',
      `report_structure:\n${Array.from({ length: 101 }, (_, i) => `  - C${i}`).join('\n')}\n`,
      /^Line 2: report_structure has 101 items; at most 100/,
    ],
    [
      'title too long',
      `report_structure:\n  - title: ${'x'.repeat(250)}\n`,
      /^Line 2: chapter 1's title is longer than 200/,
    ],
    [
      'image given as a path',
      'report_structure:\n  - title: A\n    images: [../x.png]\n',
      /^Line 3: image "..\/x.png" in chapter 1 must be a file name/,
    ],
    [
      'alias bomb',
      `a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\nreport_structure:\n  - title: A\n    sections: *d\n`,
      /^Line 4: too many aliases \(more than 20\)/,
    ],
    ['oversized document', `report_structure:\n  - A\n# ${'x'.repeat(300 * 1024)}\n`, /larger than 256 KB/],
  ])('rejects %s', (_name, text, message) => {
    expect(rejection(text).message).toMatch(message);
  });
});

describe('headings per template', () => {
  /** `sections[i]` sections in chapter i, each with `subs(i, j)` subsections, written in flow style. */
  function templateOf(
    chapters: number,
    sections: (c: number) => number,
    subs: (c: number, s: number) => number,
  ): string {
    const out = ['report_structure:'];
    for (let c = 0; c < chapters; c++) {
      out.push(`  - title: C${c}`, '    sections:');
      for (let s = 0; s < sections(c); s++)
        out.push(
          `      - {title: S, subsections: [${Array.from({ length: subs(c, s) }, () => 'x').join(',')}]}`,
        );
    }
    return `${out.join('\n')}\n`;
  }

  it('accepts 300 headings and refuses 301 with the count and the limit', () => {
    expect(() =>
      parseTemplate(
        templateOf(
          10,
          () => 29,
          () => 0,
        ),
      ),
    ).not.toThrow(); // 10 + 290
    const e = rejection(
      templateOf(
        1,
        () => 30,
        () => 9,
      ),
    ); // 1 + 30 + 270 = 301
    expect(e.message).toBe(
      'The template has 301 headings (1 chapter, 30 sections and 270 subsections); at most 300 are allowed. Remove chapters, sections or subsections, or split the template into several reports.',
    );
  });

  it('takes the limit from the caller', () => {
    const text = templateOf(
      3,
      () => 2,
      () => 1,
    ); // 3 + 6 + 6 = 15
    expect(() => parseTemplate(text, { maxHeadings: 15 })).not.toThrow();
    expect(() => parseTemplate(text, { maxHeadings: 14 })).toThrow(
      /has 15 headings .*at most 14 are allowed/,
    );
  });

  it('refuses the largest template the upload limits allow, quickly', () => {
    // the reported one: 63 chapters, 3,732 sections, 29,848 subsections in under 256 KB
    const text = templateOf(
      63,
      (c) => (c < 15 ? 60 : 59),
      (c, s) => (c === 0 && s < 8 ? 7 : 8),
    );
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(TEMPLATE_LIMITS.maxBytes);
    const started = performance.now();
    const e = rejection(text);
    expect(performance.now() - started).toBeLessThan(5000);
    // far over the limit: refused from a line scan, before the YAML parser runs
    expect(e.message).toMatch(/^The template has about 33,643 headings; at most 300 are allowed\./);
  });

  it('reads a quarter-million-character title in linear time (it once froze the server for 25 s)', () => {
    const started = performance.now();
    // refused for its length, with the line, after a scan that no longer backtracks (the old scan
    // took 25 s or more; the bound leaves room for a loaded machine)
    expect(() => parseTemplate(`report_structure:\n  - title: ${'A'.repeat(250_000)}\n`)).toThrow(
      /^Line 2: chapter 1's title is longer than 200 characters\.$/,
    );
    expect(performance.now() - started).toBeLessThan(10_000);
    // unclosed and nested flow lists are counted without backtracking either
    const lists = `report_structure: [${'a:['.repeat(60_000)}\n`;
    const again = performance.now();
    expect(() => parseTemplate(lists)).toThrow(EngineError);
    expect(performance.now() - again).toBeLessThan(10_000);
  });

  it('refuses a template nested 5,000 levels deep with a message naming the limit (it once answered "Maximum call stack size exceeded")', () => {
    const limit = `more than ${TEMPLATE_LIMITS.maxDepth} levels deep (the limit)`;
    for (const text of [
      `report_structure: ${'['.repeat(5000)}${']'.repeat(5000)}\n`,
      `report_structure: ${'{a: '.repeat(5000)}${'}'.repeat(5000)}\n`,
      `report_structure:\n${'- '.repeat(5000)}x\n`,
      // just past the limit: refused after parsing, from the document itself
      `report_structure: ${'['.repeat(TEMPLATE_LIMITS.maxDepth + 1)}${']'.repeat(TEMPLATE_LIMITS.maxDepth + 1)}\n`,
    ]) {
      const started = performance.now();
      const e = rejection(text);
      expect(e.message).toContain(limit);
      expect(e.message).not.toMatch(/call stack/i);
      expect(performance.now() - started).toBeLessThan(2000);
    }
    // nesting within the limit is read as usual
    const ok = `report_structure:\n  - title: A\n    sections:\n      - title: B\n        subsections: [C]\n`;
    expect(parseTemplate(ok).chapters[0]!.sections[0]!.subsections).toHaveLength(1);
  });

  it('refuses a template of more than 10,000 lines before the YAML parser reads them', () => {
    const started = performance.now();
    expect(rejection(`report_structure:\n  - title: A\n${'\n'.repeat(250_000)}`).message).toBe(
      'Line 10,001: the template has more than 10,000 lines (the limit).',
    );
    expect(performance.now() - started).toBeLessThan(500);
    expect(parseTemplate(`report_structure:\n  - title: A\n${'\n'.repeat(9_000)}`).chapters).toHaveLength(1);
  });

  it('counts the headings of inline lists in its line scan', () => {
    const text = `report_structure:\n  - title: One\n    sections: [${Array.from({ length: 2100 }, (_, i) => `S${i}`).join(', ')}]\n`;
    expect(rejection(text).message).toMatch(/^The template has about 2,10\d headings/);
  });

  it('every shipped template is within the default limit', () => {
    for (const file of readdirSync(templatesDir).filter((f) => /\.ya?ml$/.test(f)))
      expect(() => parseTemplate(readFileSync(path.join(templatesDir, file), 'utf8')), file).not.toThrow();
  });
});
