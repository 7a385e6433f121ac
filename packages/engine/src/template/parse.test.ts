// Template parsing: the shipped templates, the accepted shapes, and each rejection with its line.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import { parseTemplate } from './parse.ts';

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
    expect(t.warnings).toEqual(['Line 3: unknown key "colour" in chapter 1 was ignored.', 'Line 4: unknown key "author" in the template was ignored.']);
    expect(t.chapters).toEqual([{ title: 'A', sections: [] }]);
  });

  it('allows a few aliases', () => {
    const t = parseTemplate('common: &c\n  title: Shared\nreport_structure:\n  - *c\n  - *c\n');
    expect(t.chapters.map((c) => c.title)).toEqual(['Shared', 'Shared']);
  });

  it.each([
    ['duplicate keys', 'report_structure:\n  - title: A\n    title: B\n', /^Line 3: a key appears twice/],
    ['merge keys are not merged', 'base: &b\n  title: X\nreport_structure:\n  - <<: *b\n', /^Line 4: chapter 1 needs a title/],
    ['empty title', 'report_structure:\n  - title: A\n  - title: "  "\n', /^Line 3: chapter 2 has an empty title/],
    ['missing title', 'report_structure:\n  - sections: []\n', /^Line 2: chapter 1 needs a title/],
    ['empty section title', 'report_structure:\n  - title: A\n    sections:\n      - title: ""\n', /^Line 4: section 1\.1 has an empty title/],
    ['no report_structure', 'chapters:\n  - A\n', /^Line 1: the template has no "report_structure"/],
    ['report_structure not a list', 'report_structure: hello\n', /^Line 1: report_structure must be a list/],
    ['empty report_structure', 'report_structure: []\n', /^Line 1: report_structure has no chapters/],
    ['not a mapping', '- a\n- b\n', /^Line 1: the template must be a mapping/],
    ['syntax error', 'report_structure:\n  - title: "unclosed\n', /^Line \d+: Missing closing "quote/],
    ['too many chapters', `report_structure:\n${Array.from({ length: 101 }, (_, i) => `  - C${i}`).join('\n')}\n`, /^Line 2: report_structure has 101 items; at most 100/],
    ['title too long', `report_structure:\n  - title: ${'x'.repeat(250)}\n`, /^Line 2: chapter 1's title is longer than 200/],
    ['image given as a path', 'report_structure:\n  - title: A\n    images: [../x.png]\n', /^Line 3: image "..\/x.png" in chapter 1 must be a file name/],
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
