// A count of one reads in the singular: every offline writer and analyst, on an analysis where each
// list holds a single item, says "1 route is declared", never "1 route are declared".

import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../analyse/types.ts';
import { runAgents } from '../index.ts';
import {
  SAMPLE_APP_DIR,
  sampleAppAnalysis,
  templateOf,
  testContext,
  workspaceFor,
} from '../test-fixtures.ts';

/** The sample app cut down to one of everything a sentence counts. */
function oneOfEach(): Analysis {
  const a = sampleAppAnalysis();
  const npm = a.entryPoints.find((e) => e.kind === 'npm-script')!;
  return {
    ...a,
    routes: a.routes.slice(0, 1).map((r) => ({ ...r, path: '/books/:id' })),
    envVars: a.envVars.slice(0, 1),
    config: { files: a.config.files.slice(0, 1) },
    manifests: a.manifests.slice(0, 1),
    dependencies: a.dependencies.slice(0, 1).map((d) => ({ ...d, version: '>=1.0.0' })),
    entryPoints: [npm],
    todos: a.todos.slice(0, 1),
    dataModel: [{ kind: 'sql-table', name: 'books', file: 'src/services/db.ts', line: 3, fields: ['id'] }],
    skipped: [{ path: 'data/dump.json', reason: 'too-large' }],
    // modules with no edge between them: the module sentence must still end with one full stop
    moduleGraph: { nodes: a.moduleGraph.nodes, edges: [] },
  };
}

const TEMPLATE = templateOf([
  'Executive Summary',
  'Key Findings',
  'Dependencies',
  'Data Model',
  'API and Endpoints',
  'Configuration',
  'Build and Deployment',
  'Code Quality',
  'Code Metrics',
  'Project Structure',
  'Module Dependencies',
  'Known Issues and Technical Debt',
]);

// a lone count followed by a plural verb: "1 environment variable are read"
const PLURAL_AFTER_ONE =
  /(?<![\d,.])1 (?:[\w/-]+ ){1,3}(?:are|were|have|hold|exceed|remain|take|automate|form|drive)\b/;

describe('agreement with a count of one', () => {
  it('puts the verb in the singular and ends each sentence with one full stop', async () => {
    const a = oneOfEach();
    const out = await runAgents(
      {
        analysis: a,
        template: TEMPLATE,
        workspace: workspaceFor(a, SAMPLE_APP_DIR),
        projectName: 'Bookshelf',
        imageNames: [],
      },
      testContext(),
    );
    const findings = out.trace
      .filter((t) => t.role === 'analyst')
      .flatMap((t) => (t.details?.findings as { statement: string }[]).map((f) => f.statement));
    const prose = [...out.sections.map((s) => s.markdown), ...findings]
      .flatMap((m) => m.split('\n'))
      .filter((line) => !line.startsWith('|'));
    expect(prose.filter((line) => PLURAL_AFTER_ONE.test(line))).toEqual([]);
    expect(prose.filter((line) => /\w\.\.(?:\s|$)/.test(line))).toEqual([]);
    // the sentences this test is about were written at all
    const all = prose.join('\n');
    expect(all).toMatch(/1 environment variable is read/);
    expect(all).toMatch(/1 HTTP route is declared/);
    expect(all).toMatch(/1 route takes path parameters/);
    expect(all).toMatch(/1 dependency is declared/);
    expect(all).toMatch(/1 file was too large to analyse/);
    expect(all).toMatch(/connected by 0 internal dependencies\.(?!\.)/);
  });
});
