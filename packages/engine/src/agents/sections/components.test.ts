// The components section lists the modules without announcing the list.
import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../analyse/types.ts';
import { factsOf } from '../facts.ts';
import { sampleAppAnalysis } from '../test-fixtures.ts';
import type { WriterContext } from '../writers/context.ts';
import { familySentence, writeComponents } from './components.ts';

/** The components section of `a`, written on its own. */
const write = (a: Analysis) =>
  writeComponents({
    a,
    fx: factsOf(a),
    plan: { id: '4.1', level: 2, title: 'Components', kind: 'components', evidence: [], hasChildren: false },
    findings: [],
    allFindings: {},
    projectName: 'p',
    workspace: { root: '/x', name: 'p', files: [], skipped: [] } as unknown as WriterContext['workspace'],
  });

describe('writeComponents()', () => {
  it('gives no sentence that only announces the module list', () => {
    const a = sampleAppAnalysis();
    const md = write(a);
    expect(factsOf(a).modules.length).toBeGreaterThan(1);
    expect(md).toMatch(/\*\*`[^`]+`\*\* — /);
    expect(md).not.toMatch(/is organised in|the largest come first/);
  });

  it("never names a table of literal data among a module's largest files", () => {
    const a = sampleAppAnalysis();
    const big = [...a.files].filter((f) => f.code > 0).sort((x, y) => y.code - x.code)[0]!;
    const dir = big.path.slice(0, big.path.lastIndexOf('/'));
    a.files.push({
      path: `${dir}/zones.ts`,
      size: 90000,
      language: 'TypeScript',
      code: big.code + 500,
      comment: 0,
      blank: 0,
      literalData: true,
    });
    expect(write(a)).not.toMatch(/largest files? (?:is|are) `[^`]*zones\.ts`/);
    // nor a file that only declares types, which the metrics leave out of the largest too
    const t = sampleAppAnalysis();
    t.files.push({
      path: `${dir}/types.ts`,
      size: 90000,
      language: 'TypeScript',
      code: big.code + 500,
      comment: 0,
      blank: 0,
      typeDeclarations: true,
    });
    expect(write(t)).not.toMatch(/largest files? (?:is|are) `[^`]*\/types\.ts`/);
  });

  it('never names a file without code lines among the largest files', () => {
    const a = sampleAppAnalysis();
    a.files.push({
      path: 'src/middleware/env.d.ts',
      size: 200,
      language: 'TypeScript',
      code: 0,
      comment: 4,
      blank: 1,
    });
    const md = write(a);
    expect(md).toMatch(/src\/middleware\/auth\.ts/);
    expect(md).not.toMatch(/env\.d\.ts/);
  });
});

describe('a Rust module file beside its folder', () => {
  it("is told among that folder's module, as `src/assets/mod.rs` would be", () => {
    const a = sampleAppAnalysis();
    const rust = (path: string, code: number) => ({
      path,
      size: code * 20,
      language: 'Rust',
      code,
      comment: 0,
      blank: 0,
      role: 'product' as const,
    });
    a.files = [
      rust('src/lib.rs', 50),
      rust('src/printer.rs', 400),
      rust('src/assets.rs', 300),
      rust('src/assets/build.rs', 200),
    ];
    a.moduleGraph = {
      nodes: [
        { id: 'src', files: 2, lines: 450 },
        { id: 'src/assets', files: 2, lines: 500 },
      ],
      edges: [],
    };
    a.symbols = [];
    const md = write(a);
    expect(md).toMatch(/\*\*`src\/assets`\*\* — 2 files, 500 lines/);
    expect(md).toMatch(/\*\*`src`\*\* — 2 files, 450 lines/);
  });
});

describe('a folder of packages of one shape', () => {
  it('says how many sibling packages share the same files, and names them', () => {
    const kinds = ['apprise', 'discord', 'email', 'slack', 'sms', 'webhook'];
    const paths = [
      'hc/integrations/__init__.py',
      ...kinds.flatMap((k) => [
        `hc/integrations/${k}/__init__.py`,
        `hc/integrations/${k}/transport.py`,
        `hc/integrations/${k}/urls.py`,
        `hc/integrations/${k}/views.py`,
        `hc/integrations/${k}/tests/test_notify.py`,
      ]),
      'hc/integrations/email/forms.py',
    ];
    expect(familySentence('hc/integrations', paths)).toBe(
      ' It holds 6 packages of one shape, each with its own `transport.py`, `urls.py` and `views.py`: `apprise`, `discord`, `email`, `slack`, `sms` and `webhook`.',
    );
    // a shared file that derives from a central type tells what each package is, in its authors' words
    const transport = {
      name: 'Transport',
      path: 'hc/api/transports.py',
      line: 62,
      methods: 6,
      uses: 10,
      subclassed: {
        files: kinds.filter((k) => k !== 'sms').map((k) => `hc/integrations/${k}/transport.py`),
        open: { name: 'notify', line: 66, doc: 'Send notification about current status of the check.' },
      },
    };
    expect(familySentence('hc/integrations', paths, [transport])).toMatch(
      /`webhook`\. In 5 of them `transport\.py` defines a subclass of `Transport` \(`hc\/api\/transports\.py:62`\), whose `notify\(\)` \(`hc\/api\/transports\.py:66`\) is documented as “Send notification about current status of the check\.”$/,
    );
    // fewer than four in five packages deriving from it say nothing of the family
    const few = { ...transport, subclassed: { files: transport.subclassed.files.slice(0, 4) } };
    expect(familySentence('hc/integrations', paths, [few])).toMatch(/`webhook`\.$/);
    // a file one package lacks is shared by "at least" the others, never by "each"
    expect(
      familySentence(
        'hc/integrations',
        paths.filter((p) => p !== 'hc/integrations/sms/transport.py'),
      ),
    ).toMatch(/6 packages of one shape, `transport.py`, `urls.py` and `views.py` in at least 5 of them:/);
    // tests beside each package are not what the packages share
    expect(
      familySentence(
        'src',
        kinds.flatMap((k) => [`src/${k}/conn.ts`, `src/${k}/conn.test.ts`]),
      ),
    ).toBe('');
    // four subfolders are no family, and folders that share only an `__init__.py` are none either
    expect(
      familySentence(
        'hc/integrations',
        paths.filter((p) => !/(sms|webhook)\//.test(p)),
      ),
    ).toBe('');
    expect(
      familySentence(
        'src',
        kinds.flatMap((k) => [`src/${k}/__init__.py`, `src/${k}/${k}.py`]),
      ),
    ).toBe('');
  });
});
