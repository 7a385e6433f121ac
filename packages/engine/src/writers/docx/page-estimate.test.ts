// The contents' page estimate against docx's Word-exact layout, and the DOCX writer's cost on a long document.

import { describe, expect, it } from 'vitest';
import { fixtureTree } from '../../../test/golden/fixture-tree.ts';
import { markdownToBlocks } from '../../tree/markdown.ts';
import { DOC_TREE_VERSION, type DocTree } from '../../tree/types.ts';
import { writeDocx } from './index.ts';
import { estimateHeadingPages } from './page-estimate.ts';

function longDoc(sections: number): DocTree {
  const md: string[] = [];
  for (let i = 1; i <= sections; i++) {
    md.push(
      `## Section ${i}`,
      '',
      `Paragraph ${i} explains the *design* of component ${i}, its **invariants** and the \`config_${i}\` option. `.repeat(
        1 + (i % 4),
      ),
      '',
    );
    md.push('- first point about throughput', '- second point about latency', '');
    md.push(
      '| key | value | note |',
      '|---|---:|---|',
      `| a${i} | ${i * 3} | fine |`,
      `| b${i} | ${i * 7} | check |`,
      '',
    );
    if (i % 5 === 0)
      md.push('```ts', `export function f${i}(x: number): number {`, `  return x * ${i};`, '}', '```', '');
  }
  return {
    version: DOC_TREE_VERSION,
    meta: { title: 'Long', generatedAt: '2026-01-01T00:00:00Z', generator: 'test' },
    cover: null,
    toc: true,
    blocks: markdownToBlocks(md.join('\n')),
    assets: {},
  };
}

describe('DOCX contents page estimate', () => {
  it('puts the golden fixture headings on the pages Word lays them out on', () => {
    // docx's Word-exact layout (docx/layout, estimatePageNumbersWith) gave these for the fixture
    expect(estimateHeadingPages(fixtureTree())).toEqual([3, 3, 4, 4, 4, 6, 7, 7]);
  });

  it('counts pages monotonically through a long document, a page every few sections', () => {
    const pages = estimateHeadingPages(longDoc(300));
    expect(pages).toHaveLength(300);
    for (let i = 1; i < pages.length; i++) expect(pages[i]!).toBeGreaterThanOrEqual(pages[i - 1]!);
    // the long document runs to dozens of pages: one page holds two to six of these sections
    expect(pages.at(-1)!).toBeGreaterThan(300 / 6);
    expect(pages.at(-1)!).toBeLessThan(300 / 2);
  });

  it('writes a 300-section document (its speed is measured by bench/time-docx.ts, not here)', async () => {
    const bytes = await writeDocx(longDoc(300));
    expect(Buffer.from(bytes.subarray(0, 2)).toString()).toBe('PK');
  });
});
