// Each section ranks the product for its own topic: the sample app's security section starts from its
// auth middleware, its configuration section from its config module, and the ranking differs from
// section to section (the model does not read the same few files for every section).

import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { referenceGraph } from '../../analyse/identity/rank.ts';
import { SAMPLE_APP_DIR, sampleAppAnalysis } from '../test-fixtures.ts';
import { topicRanks, topicWords } from './topic.ts';

const a = sampleAppAnalysis();
const files = a.symbols.map((s) => s.path).filter((p, i, all) => all.indexOf(p) === i);
const texts = new Map(
  await Promise.all(
    files.map(async (p) => [p, await fs.readFile(path.join(SAMPLE_APP_DIR, p), 'utf8')] as const),
  ),
);
const graph = referenceGraph(files, (p) => texts.get(p) ?? null, a.symbols, a.imports);
const top = (ranks: Map<string, number>, n = 3) =>
  [...ranks]
    .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
    .slice(0, n)
    .map(([p]) => p);

describe('topic ranking', () => {
  it('takes the words of the title and the kind that can name code', () => {
    const words = topicWords({ title: 'Security and Access', kind: 'security' });
    expect(words).toContain('security');
    expect(words).toContain('authentication');
    expect(words).not.toContain('and');
  });

  it('seeds each section with the files that name its topic, and ranks them first', () => {
    const security = topicRanks(graph, a, { title: 'Security', kind: 'security' }, []);
    expect(security.seeds).toContain('src/middleware/auth.ts');
    expect(top(security.ranks, 2)).toContain('src/middleware/auth.ts');
    const config = topicRanks(graph, a, { title: 'Configuration', kind: 'configuration' }, []);
    expect(config.seeds).toContain('src/config.ts');
    expect(top(config.ranks, 2)).toContain('src/config.ts');
    expect(top(config.ranks)).not.toEqual(top(security.ranks));
  });

  it('starts from the files the findings cite', () => {
    const loans = topicRanks(graph, a, { title: 'Lending', kind: 'custom' }, [
      { statement: 'Loans are opened here.', citations: ['src/services/loan-service.ts:18'] },
    ]);
    expect(loans.seeds).toEqual(['src/services/loan-service.ts']);
    expect(top(loans.ranks, 1)).toEqual(['src/services/loan-service.ts']);
  });

  it('keeps the global ranking when nothing names the topic', () => {
    const none = topicRanks(graph, a, { title: 'Zebra Quokka', kind: 'custom' }, []);
    expect(none.seeds).toEqual([]);
    expect(Object.fromEntries(none.ranks)).toEqual(a.identity?.fileRanks ?? {});
  });
});
