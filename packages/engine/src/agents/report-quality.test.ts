// The offline report of a small web-app monorepo: test folders are testing, not components; the web
// page's script is an entry point; settings documented in the README are cited, not re-requested;
// the data model is the tables and entity schemas, not every interface.

import { beforeAll, describe, expect, it } from 'vitest';
import { analyse } from '../analyse/index.ts';
import { testContext as analyseContext, writeTree } from '../analyse/test-helpers.ts';
import type { Analysis } from '../analyse/types.ts';
import { ingestDirectory } from '../ingest/index.ts';
import { findContradictions } from './prose-claims.ts';
import { runAgents } from './index.ts';
import { templateOf, testContext } from './test-fixtures.ts';
import type { AgentOutput } from './types.ts';

const TREE: Record<string, string> = {
  'README.md': [
    '# Shelf',
    '',
    'Shelf lends books to the members of a club and tracks who has which book.',
    '',
    '## Configuration',
    '',
    '| Variable | Default |',
    '| --- | --- |',
    '| `PORT` | 3000 |',
    '| `DATABASE_URL` | — |',
    '',
  ].join('\n'),
  'package.json':
    '{\n  "name": "shelf",\n  "private": true,\n  "workspaces": ["apps/*", "packages/*"],\n  "scripts": {\n    "bench": "tsx bench/run.ts"\n  }\n}\n',
  'apps/web/package.json':
    '{\n  "name": "@shelf/web",\n  "scripts": {\n    "dev": "vite"\n  },\n  "dependencies": {\n    "react": "19.0.0"\n  }\n}\n',
  'apps/web/index.html':
    '<!doctype html>\n<html>\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/src/main.tsx"></script>\n  </body>\n</html>\n',
  'apps/web/src/main.tsx':
    "import { createRoot } from 'react-dom/client';\nimport { title } from '@shelf/shared';\ncreateRoot(document.getElementById('root')!).render(title);\n",
  'packages/shared/package.json':
    '{\n  "name": "@shelf/shared",\n  "exports": {\n    ".": "./src/index.ts"\n  }\n}\n',
  'packages/shared/src/index.ts':
    "import { z } from 'zod';\nexport const title = 'Shelf';\nexport const BookSchema = z.object({ id: z.string(), title: z.string() });\nexport type Book = z.infer<typeof BookSchema>;\n",
  'apps/server/package.json':
    '{\n  "name": "@shelf/server",\n  "scripts": {\n    "start": "tsx src/server.ts"\n  },\n  "dependencies": {\n    "drizzle-orm": "0.45.0",\n    "fastify": "5.0.0"\n  }\n}\n',
  'apps/server/src/server.ts': [
    "import Fastify from 'fastify';",
    "import { books } from './db/schema.ts';",
    "import { helper } from './util.ts';",
    'const app = Fastify();',
    "app.get('/books', async () => [books, helper()]);",
    "await app.listen({ port: Number(process.env.PORT ?? '3000') });",
    'export const url = process.env.DATABASE_URL;',
    '',
  ].join('\n'),
  'apps/server/src/util.ts':
    'export interface Row { a: string }\nexport const helper = (): Row => ({ a: "x" });\n',
  'apps/server/src/db/schema.ts':
    "import { pgTable, text, uuid } from 'drizzle-orm/pg-core';\nexport const books = pgTable('books', {\n  id: uuid('id').primaryKey(),\n  title: text('title').notNull(),\n});\n",
  'apps/server/src/db/migrations/0001_init.sql':
    'CREATE TABLE members (\n  id uuid PRIMARY KEY,\n  email text NOT NULL UNIQUE,\n  joined_at timestamptz NOT NULL\n);\n',
  'apps/server/src/server.test.ts':
    "import { it } from 'vitest';\nimport { makeBook } from '../test/helpers.ts';\nit('works', () => makeBook());\n",
  'apps/server/test/helpers.ts':
    "import { helper } from '../src/util.ts';\nexport const makeBook = () => helper();\n",
  'e2e/lend.spec.ts':
    "import { test } from '@playwright/test';\nimport { title } from '../packages/shared/src/index.ts';\ntest('lends', () => title);\n",
  'bench/run.ts':
    "import { helper } from '../apps/server/src/util.ts';\nfor (let i = 0; i < 10; i++) helper();\n",
};

describe('the offline report of a web app with tests, docs and a database', () => {
  let out: AgentOutput;
  let analysis: Analysis;
  const section = (title: string) => out.sections.find((s) => s.title === title)!.markdown;

  beforeAll(async () => {
    const root = await writeTree(TREE);
    const ws = await ingestDirectory(root, analyseContext());
    analysis = await analyse(ws, analyseContext());
    const t = templateOf([
      ['Architecture', ['Components and Modules', 'Module Dependencies', 'Entry Points', 'Data Model']],
      'Configuration',
      'Testing',
      'Conclusion',
    ]);
    out = await runAgents(
      { analysis, template: t, workspace: ws, projectName: 'Shelf', imageNames: [] },
      testContext(),
    );
  });

  it('keeps test, e2e and bench folders out of the components and the module graph, and lists them under testing', () => {
    const ids = analysis.moduleGraph.nodes.map((n) => n.id);
    expect(ids.some((id) => id.startsWith('apps/server'))).toBe(true);
    for (const id of ids) expect(id).not.toMatch(/(^|\/)(test|e2e|bench)(\/|$)/);
    const components = section('Components and Modules');
    expect(components).not.toMatch(/`(e2e|bench|apps\/server\/test)`/);
    expect(section('Module Dependencies')).not.toContain('↔');
    const testing = section('Testing');
    expect(testing).toMatch(/`e2e` \(1 file/);
    expect(testing).toMatch(/`apps\/server\/test` \(1 file/);
    expect(testing).toMatch(/Benchmarks live in `bench` \(1 file/);
  });

  it("finds the web app's entry through the script its HTML page loads, and the package exports", () => {
    expect(analysis.entryPoints).toContainEqual({
      kind: 'html-script',
      name: 'apps/web/src/main.tsx',
      path: 'apps/web/index.html',
      line: 5,
      area: 'product',
    });
    expect(analysis.entryPoints).toContainEqual({
      kind: 'export',
      name: '@shelf/shared',
      command: 'packages/shared/src/index.ts',
      path: 'packages/shared/package.json',
      line: 4,
      area: 'product',
    });
    const entry = section('Entry Points');
    expect(entry).toContain('apps/web/src/main.tsx');
    expect(entry).toMatch(/loaded by the page .*apps\/web\/index\.html:5/);
    expect(entry).toContain('apps/server/src/server.ts');
    expect(entry).not.toContain('bench/run.ts');
    expect(entry).toMatch(/package export `@shelf\/shared` resolves to `packages\/shared\/src\/index\.ts`/);
  });

  it('cites the README table that documents the variables instead of asking for a .env.example', () => {
    expect(analysis.docs.envVarMentions).toEqual([
      { name: 'DATABASE_URL', file: 'README.md', line: 10 },
      { name: 'PORT', file: 'README.md', line: 9 },
    ]);
    const config = section('Configuration');
    expect(config).toMatch(/Every one of the 2 variables is documented: .*README\.md:9/);
    expect(config).not.toMatch(/new developers must read the code/);
    expect(section('Conclusion')).not.toMatch(/env\.example|Document the/);
  });

  it('describes the tables and entity schemas, not every interface', () => {
    const dm = section('Data Model');
    expect(dm).toMatch(
      /`books` \| Drizzle table \| `id` and `title` \| .*apps\/server\/src\/db\/schema\.ts:2/,
    );
    expect(dm).toMatch(/`members` \| SQL table \| `id`, `email` and `joined_at`/);
    expect(dm).toMatch(/`Book` \| zod schema/);
    expect(dm).not.toContain('`Row`');
    expect(dm).not.toMatch(/drizzle-orm.*Drizzle|Drizzle.*drizzle-orm/);
  });

  it('states no count, licence, kind or framework that the analysis or another section contradicts', () => {
    const notes = out.trace
      .filter((t) => t.role === 'reviewer')
      .flatMap((t) => (t.details?.notes as string[] | undefined) ?? []);
    expect(notes.filter((n) => /contradicts/.test(n))).toEqual([]);
    for (const s of out.sections)
      expect(findContradictions(s.markdown, analysis, undefined, ['Shelf']), s.title).toEqual([]);
  });
});
