import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Analysis } from '../analyse/types.ts';
import {
  docsPipelineSentence,
  featureSentence,
  optionalStoreSentence,
  pluginFamily,
  pluginSentence,
} from './product-features.ts';
import { sampleAppAnalysis } from './test-fixtures.ts';
import type { Workspace } from '../types.ts';

/** A workspace on disk holding `files`, and an analysis that lists them as product code. */
function project(files: Record<string, string>, extra: Partial<Analysis> = {}) {
  const root = mkdtempSync(path.join(tmpdir(), 'features-'));
  for (const [p, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
    writeFileSync(path.join(root, p), body);
  }
  const a: Analysis = {
    ...sampleAppAnalysis(),
    files: Object.entries(files).map(([p, body]) => ({
      path: p,
      size: body.length,
      language: 'Python',
      code: body.split('\n').length,
      comment: 0,
      blank: 0,
      role: 'product',
    })),
    imports: [],
    routes: [],
    dataModel: [],
    envVars: [],
    symbols: [],
    ...extra,
  };
  const workspace = { root, name: 'p', files: [], skipped: [] } as unknown as Workspace;
  return { a, workspace, paths: new Set(Object.keys(files)) };
}

describe('pluginSentence()', () => {
  it('names the packages that derive from a central type, and what its open method is for', () => {
    const kinds = ['email', 'slack', 'sms', 'webhook', 'zulip', 'docs'];
    const files: Record<string, string> = {};
    for (const k of kinds)
      for (const f of ['transport.py', 'urls.py', 'views.py']) files[`app/plugins/${k}/${f}`] = '';
    const subclassed = kinds.filter((k) => k !== 'docs').map((k) => `app/plugins/${k}/transport.py`);
    const { a, paths } = project(files, {
      flow: {
        abstractions: [
          {
            name: 'Transport',
            path: 'app/base.py',
            line: 5,
            methods: 2,
            uses: 3,
            subclassed: { files: subclassed, open: { name: 'notify', line: 9, doc: 'Send a notification' } },
          },
        ],
      } as unknown as Analysis['flow'],
    });
    // the count and the names are of the five subclasses, never the sixth package
    expect(pluginSentence(pluginFamily(a, paths))).toBe(
      '5 packages under `app/plugins` (`email`, `slack`, `sms` and 2 more) plug into it, each through a subclass of `Transport` (`app/base.py:5`) in its `transport.py`, whose `notify()` is documented as “Send a notification.”',
    );
    // without a type they derive from, a family of folders says nothing of where the work goes
    expect(pluginSentence(pluginFamily({ ...a, flow: undefined }, paths))).toBeNull();
  });
});

describe('featureSentence()', () => {
  const member = {
    kind: 'django',
    name: 'Member',
    file: 'app/models.py',
    line: 20,
    fields: ['user', 'team'],
    store: 'table',
    relations: [
      { from: 'Member', to: 'User', kind: 'many-to-one', field: 'user' },
      { from: 'Member', to: 'Team', kind: 'many-to-one', field: 'team' },
    ],
  } as unknown as NonNullable<Analysis['dataModel']>[number];
  const routes = [
    {
      method: 'GET',
      path: '/api/badges/',
      framework: 'Django',
      file: 'app/urls.py',
      line: 3,
      area: 'product',
    },
    {
      method: 'GET',
      path: '/badge/<slug:key>.svg',
      framework: 'Django',
      file: 'app/urls.py',
      line: 4,
      area: 'product',
    },
  ] as Analysis['routes'];
  const files = { 'app/urls.py': '', 'app/models.py': '', 'app/auth.py': '', 'tests/test_auth.py': '' };

  it('tells badges, a record shared with members and two-factor sign-in from routes, tables and imports', () => {
    const { a, paths } = project(files, {
      routes,
      dataModel: [member],
      imports: [
        { from: 'app/auth.py', specifier: 'pyotp.totp', line: 1 },
        { from: 'app/auth.py', specifier: 'fido2.server', line: 2 },
      ],
    });
    expect(featureSentence(a, paths)).toBe(
      'Its routes, tables and libraries show what else it offers: badges (`/badge/…`, `app/urls.py:4`), teams shared with their members (the `Member` table, `app/models.py:20`) and two-factor sign-in with security keys (WebAuthn, `app/auth.py`) or one-time codes (TOTP, `app/auth.py`).',
    );
  });

  it('counts no library only a test imports, and says nothing of a lone feature', () => {
    const { a, paths } = project(files, {
      routes,
      imports: [{ from: 'tests/test_auth.py', specifier: 'pyotp', line: 1 }],
    });
    paths.delete('tests/test_auth.py');
    expect(featureSentence(a, paths)).toBeNull();
    // a table merely named after members, linking no person, is no sharing
    const loose = {
      ...member,
      relations: [{ from: 'Member', to: 'Team', kind: 'many-to-one', field: 'team' }],
    };
    expect(featureSentence({ ...a, dataModel: [loose] as Analysis['dataModel'] }, paths)).toBeNull();
    // a board member holds an office for a term: two records, and "Board" names neither, so nothing is shared
    const board = {
      ...member,
      name: 'BoardMember',
      relations: [
        { from: 'BoardMember', to: 'User', kind: 'many-to-one', field: 'account' },
        { from: 'BoardMember', to: 'Office', kind: 'many-to-one', field: 'office' },
        { from: 'BoardMember', to: 'Term', kind: 'many-to-one', field: 'term' },
      ],
    };
    const onlyOffice = { ...board, relations: board.relations.slice(0, 2) };
    for (const t of [board, onlyOffice])
      expect(
        featureSentence({ ...a, dataModel: [t] as Analysis['dataModel'] }, paths),
        t.relations.length + '',
      ).toBeNull();
    // the record a prefixed membership names is shared with its members
    const team = { ...member, name: 'TeamMember' };
    expect(featureSentence({ ...a, routes, dataModel: [team] as Analysis['dataModel'] }, paths)).toContain(
      'teams shared with their members',
    );
  });
});

describe('optionalStoreSentence()', () => {
  const files = {
    'app/settings.py': 'import os\nBUCKET = os.getenv("BUCKET")\nREGION = os.getenv("REGION")\n',
    'app/store.py':
      'from minio import Minio\n\ndef client():\n    return Minio(settings.BUCKET, region=settings.REGION)\n',
    'app/models.py':
      'from app.store import put\n\nclass Upload:\n    def save(self, body):\n        if settings.BUCKET:\n            put(body)\n',
  };
  const envVars = [
    { name: 'BUCKET', file: 'app/settings.py', line: 2, area: 'product' },
    { name: 'REGION', file: 'app/settings.py', line: 3, area: 'product' },
  ] as Analysis['envVars'];
  const symbols = [
    { path: 'app/models.py', name: 'Upload', kind: 'class', line: 3, exported: true },
    { path: 'app/models.py', name: 'save', kind: 'method', line: 4, exported: true },
  ] as Analysis['symbols'];

  it('names the setting the code branches on and the file that reaches the store', () => {
    const { a, workspace, paths } = project(files, {
      envVars,
      symbols,
      imports: [
        { from: 'app/store.py', specifier: 'minio', line: 1 },
        { from: 'app/models.py', specifier: 'app.store', line: 1, resolved: 'app/store.py' },
      ],
    });
    expect(optionalStoreSentence(a, workspace, paths)).toBe(
      'Object storage is optional, switched on by configuration: when `BUCKET` is set, the code takes the branches that use it in `Upload.save()` (`app/models.py:5`), and `app/store.py` reaches the store through minio (`app/store.py:1`).',
    );
  });

  it('says nothing where the setting has a default or nothing branches on it', () => {
    const withDefault = envVars.map((e) => ({ ...e, defaultValue: 'b' }));
    const { a, workspace, paths } = project(files, {
      envVars: withDefault,
      symbols,
      imports: [{ from: 'app/store.py', specifier: 'minio', line: 1 }],
    });
    expect(optionalStoreSentence(a, workspace, paths)).toBeNull();
    const unbranched = project(
      { ...files, 'app/models.py': 'def save(body):\n    put(body)\n' },
      { envVars, imports: [{ from: 'app/store.py', specifier: 'minio', line: 1 }] },
    );
    expect(optionalStoreSentence(unbranched.a, unbranched.workspace, unbranched.paths)).toBeNull();
  });
});

describe('docsPipelineSentence()', () => {
  const command = [
    'import markdown',
    'def handle():',
    '    for src in Path("site/docs").glob("*.md"):',
    '        src.with_suffix(".part").write_text(markdown.markdown(src.read_text()))',
  ].join('\n');
  const views = [
    'def home(request):',
    '    return render(request, "home.html")',
    'def doc(request, name):',
    '    return open(f"site/docs/{name}.part").read()',
  ].join('\n');

  it('ties the command that renders Markdown to the route whose handler reads its output', () => {
    const { a, workspace, paths } = project(
      { 'app/commands/build_docs.py': command, 'app/views.py': views },
      {
        imports: [{ from: 'app/commands/build_docs.py', specifier: 'markdown', line: 1 }],
        identity: {
          ...sampleAppAnalysis().identity!,
          entryPoints: [
            {
              path: 'app/commands/build_docs.py',
              line: 2,
              how: 'Django management command (manage.py build_docs)',
            },
          ],
        },
        routes: [
          {
            method: 'ANY',
            path: '/',
            framework: 'Django',
            file: 'app/urls.py',
            line: 1,
            handler: 'views.home',
            area: 'product',
          },
          {
            method: 'ANY',
            path: '/docs/',
            framework: 'Django',
            file: 'app/urls.py',
            line: 2,
            handler: 'views.doc',
            area: 'product',
          },
        ] as Analysis['routes'],
        symbols: [
          { path: 'app/views.py', name: 'home', kind: 'function', line: 1, exported: true },
          { path: 'app/views.py', name: 'doc', kind: 'function', line: 3, exported: true },
        ] as Analysis['symbols'],
      },
    );
    // `home()` lives in the same file but never reads the rendered files: the docs route is the one
    expect(docsPipelineSentence(a, workspace, paths)).toBe(
      'The documentation pages the site serves at `/docs/` (`app/urls.py:2`) are generated from Markdown: `manage.py build_docs` (`app/commands/build_docs.py:2`), a command the project ships, renders the Markdown files in `site/docs` into `.part` files with the markdown library, and `doc()` (`app/views.py:3`) reads them.',
    );
    // a Markdown import in a file that is no command of the project's is not a build step
    expect(
      docsPipelineSentence({ ...a, identity: { ...a.identity!, entryPoints: [] } }, workspace, paths),
    ).toBeNull();
  });
});
