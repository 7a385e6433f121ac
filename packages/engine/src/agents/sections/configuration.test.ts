// The configuration and security chapters speak of the product's own settings and secrets.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Analysis, EnvVar } from '../../analyse/types.ts';
import { factsOf } from '../facts.ts';
import { sampleAppAnalysis } from '../test-fixtures.ts';
import type { WriterContext } from '../writers/context.ts';
import {
  basisNames,
  constructorOptionParts,
  databaseSentence,
  defaultCell,
  writeConfiguration,
} from './configuration.ts';
import { databaseChoices } from '../../analyse/config.ts';
import { writeSecurity } from './security.ts';
import { recommendations } from '../recommendations.ts';

const ctx = (a: Analysis, kind: 'configuration' | 'security'): WriterContext => ({
  a,
  fx: factsOf(a),
  plan: { id: '1', level: 1, title: kind, kind, evidence: [], hasChildren: false },
  findings: [],
  allFindings: {},
  projectName: 'p',
  workspace: { root: '/x', name: 'p', files: [], skipped: [] } as unknown as WriterContext['workspace'],
});

function analysis(): Analysis {
  const a = sampleAppAnalysis();
  a.envVars = [
    {
      name: 'PORT',
      file: 'src/config.ts',
      line: 3,
      defaultValue: '3000',
      hasDefault: true,
      class: 'config',
      area: 'product',
    },
    {
      name: 'SECRET_KEY',
      file: 'src/config.ts',
      line: 4,
      hasDefault: true,
      sensitive: true,
      class: 'config',
      area: 'product',
    },
    {
      name: 'DB_HOST',
      file: 'src/config.ts',
      line: 5,
      defaultValue: '',
      hasDefault: true,
      class: 'config',
      area: 'product',
    },
    { name: 'GITHUB_SHA', file: 'src/version.ts', line: 1, class: 'ci', area: 'product' },
    { name: 'EDITOR', file: 'src/edit.ts', line: 2, class: 'platform', area: 'product' },
    { name: 'GOPATH', file: 'src/edit.ts', line: 3, class: 'platform', area: 'product' },
    { name: 'DEMO_TOKEN', file: 'examples/demo.ts', line: 1, class: 'config', area: 'examples' },
  ];
  a.secrets = [
    {
      kind: 'Hard-coded fallback secret',
      file: 'src/config.ts',
      line: 4,
      masked: '***',
      variable: 'SECRET_KEY',
      area: 'product',
    },
    { kind: 'JSON Web Token', file: 'examples/demo.ts', line: 9, masked: 'eyJh****abcd', area: 'examples' },
  ];
  return a;
}

describe('the configuration chapter', () => {
  it("lists the product's user configuration only and names the rest under its class in one line", () => {
    const md = writeConfiguration(ctx(analysis(), 'configuration'));
    expect(md).toContain(
      'The product reads 3 environment variables in 1 file.\n\nEvery one has a fallback in the code.',
    );
    expect(md).toMatch(/\| `SECRET_KEY` \| \(set, hidden\) \| yes \|/);
    expect(md).toMatch(/\| `DB_HOST` \| empty string \| no \|/);
    expect(md).not.toMatch(/\| `GITHUB_SHA`|\| `EDITOR`|\| `DEMO_TOKEN`/);
    expect(md).toContain(
      'Not configuration a user of the product sets: set by CI: `GITHUB_SHA`; set by the system the program runs on: `EDITOR` and `GOPATH`; read only in examples: `DEMO_TOKEN`.',
    );
  });
});

describe('the documentation of the variables', () => {
  it("calls NODE_ENV a convention of the ecosystem's tools, not a variable new developers must find in the code", () => {
    const a = sampleAppAnalysis();
    a.envVars = [
      {
        name: 'NODE_ENV',
        file: 'lib/application.js',
        line: 96,
        defaultValue: 'development',
        hasDefault: true,
        class: 'config',
        area: 'product',
      },
    ];
    a.docs.envVarMentions = [];
    a.files = a.files.filter((f) => !f.path.startsWith('.env'));
    a.config = { files: a.config.files.filter((f) => !f.path.startsWith('.env')) };
    const md = writeConfiguration(ctx(a, 'configuration'));
    expect(md).toContain(
      "`NODE_ENV` is a convention the ecosystem's tools share; no document of the project describes it.",
    );
    expect(md).not.toContain('must read the code');
    a.envVars[0]!.name = 'APP_MODE';
    expect(writeConfiguration(ctx(a, 'configuration'))).toContain('must read the code to find it');
  });
});

describe('JVM system properties', () => {
  it('are told as system properties, with their defaults, apart from the environment variables', () => {
    const a = sampleAppAnalysis();
    a.envVars = [];
    a.systemProperties = [
      { name: 'acme.useFast', file: 'src/main/java/org/acme/Config.java', line: 5, defaultValue: 'true' },
      { name: 'acme.key', file: 'src/main/java/org/acme/Config.java', line: 6 },
      { name: 'acme.debug', file: 'src/main/java/org/acme/Flags.java', line: 7, defaultValue: 'false' },
    ];
    const md = writeConfiguration(ctx(a, 'configuration'));
    expect(md).toContain('No environment variables are read by the');
    expect(md).not.toContain('configuration, if any, lives in files or code');
    expect(md).toContain('The product reads 3 JVM system properties (set with `-Dname=value`) in 2 files:');
    expect(md).toContain('| `acme.debug` | `false` | `src/main/java/org/acme/Flags.java:7` |');
    expect(md).toContain('| `acme.key` | none where read | `src/main/java/org/acme/Config.java:6` |');
    expect(md).toContain('| `acme.useFast` | `true` |');
  });
});

describe('defaults and required settings as the code treats them', () => {
  const v = (name: string, extra: Partial<EnvVar> = {}): EnvVar => ({
    name,
    file: 'src/config.ts',
    line: 1,
    class: 'config',
    area: 'product',
    ...extra,
  });

  it('says when a global switch makes the code ignore a variable', () => {
    const over = { overriddenBy: { name: 'KIT_HELP', value: '0' } };
    expect(defaultCell([v('<NAME>_HELP', over)])).toBe('none; ignored when `KIT_HELP` is `0`');
    expect(defaultCell([v('<NAME>_X', { ...over, fallbackVars: ['KIT_X'] })])).toBe(
      '`KIT_X`; ignored when `KIT_HELP` is `0`',
    );
    expect(defaultCell([v('<NAME>_X', { fallbackVars: ['KIT_X'] })])).toBe('`KIT_X`');
  });

  it("tells an option's fallback where the code works it out, and another source tried first", () => {
    expect(
      defaultCell([
        v('TOOL_TEMPDIR', { option: true, hasDefault: true, defaultAt: { path: 'src/run.rs', line: 19 } }),
      ]),
    ).toBe("the code's own value (`src/run.rs:19`)");
    expect(
      defaultCell([
        v('TOOL_INDENT', { option: true, defaultValue: 'Indent(4)', fallsBackTo: ['ast.indentation()'] }),
      ]),
    ).toBe('`ast.indentation()`, else `Indent(4)`');
    // a one-word setting is named as one; a longer one keeps the code's name, since its users may spell
    // it otherwise; where the code only takes it, that place is cited
    expect(
      defaultCell([
        v('TOOL_DOTENV', {
          option: true,
          fallsBackTo: ['settings.dotenv_command'],
          defaultAt: { path: 'src/load.rs', line: 10 },
        }),
      ]),
    ).toBe('`settings.dotenv_command` (`src/load.rs:10`)');
    expect(
      defaultCell([
        v('TOOL_TEMP', { option: true, hasDefault: true, fallsBackTo: ['self.settings.tempdir'] }),
      ]),
    ).toBe("the `tempdir` setting, else the code's own value (`src/config.ts:1`)");
  });

  it('gives the same fallback the same words, and names the variables read in its place', () => {
    expect(defaultCell([v('A', { emptyFallback: true, sensitive: true })])).toBe('empty string');
    expect(defaultCell([v('B', { defaultValue: '', hasDefault: true })])).toBe('empty string');
    // a type's largest value as the fallback of a limit means there is none
    expect(defaultCell([v('JOBS', { defaultValue: 'NonZeroU64::MAX' })])).toBe(
      'no limit (`NonZeroU64::MAX`)',
    );
    expect(defaultCell([v('MODE', { defaultValue: 'Mode::MAXIMAL' })])).toBe('`Mode::MAXIMAL`');
    // spaces alone would vanish in a code span
    expect(defaultCell([v('PREFIX', { defaultValue: '    ', hasDefault: true })])).toBe('4 spaces');
    expect(defaultCell([v('LIVE', { sensitive: true, fallbackVars: ['KEY'], emptyFallback: true })])).toBe(
      '`KEY`, else empty string',
    );
    expect(
      defaultCell([v('CA', { fallbackVars: ['CURL_CA'], defaultValue: 'verify', hasDefault: true })]),
    ).toBe('`CURL_CA`, else `verify`');
    // a value the code computes is cited where it is set, never "(set in the code)"
    expect(defaultCell([v('NETRC', { hasDefault: true, defaultLine: 7 })])).toBe(
      "the code's own value (`src/config.ts:7`)",
    );
    expect(defaultCell([v('NETRC', { hasDefault: true, defaultValues: ['~/.netrc', '~/_netrc'] })])).toBe(
      '`~/.netrc` or `~/_netrc`',
    );
    expect(defaultCell([v('NO_COLOR', { presence: true })])).toBe('unset: off (only its presence is tested)');
    // one read tests the presence, another takes the value: unset is off, but the value counts too
    expect(defaultCell([v('APP_DEBUG', { presence: true }), v('APP_DEBUG', { line: 30 })])).toBe(
      'unset: off',
    );
    // an empty key handed to a client is no default: the cell never says "empty string" for it
    expect(defaultCell([v('SERVICE_KEY', { emptyFallback: true, unusableEmpty: true })])).toBe('none');
    expect(
      defaultCell([v('KEY_LIVE', { emptyFallback: true, unusableEmpty: true, fallbackVars: ['KEY'] })]),
    ).toBe('`KEY`, else none: one of them must be set');
    expect(
      defaultCell([
        v('DB_USER', { defaultValue: 'postgres', hasDefault: true }),
        v('DB_USER', { defaultValue: 'root', hasDefault: true }),
      ]),
    ).toBe('`postgres` or `root`');
    expect(defaultCell([v('X')])).toBe('none where read');
  });

  it('never says a presence-tested switch has a fallback', () => {
    const a = analysis();
    a.envVars = [v('NO_COLOR', { presence: true }), v('PORT', { defaultValue: '3000', hasDefault: true })];
    const md = writeConfiguration(ctx(a, 'configuration'));
    expect(md).not.toContain('Every one has a fallback');
    expect(md).toContain('| `NO_COLOR` | unset: off (only its presence is tested) |');
  });

  it('counts a doc comment above the code that reads a variable as its documentation', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'atr-envdoc-'));
    mkdirSync(path.join(root, 'src'));
    writeFileSync(
      path.join(root, 'src/color.ts'),
      [
        '/**',
        ' * Whether color is on.',
        ' * If `NO_COLOR` is set, this returns `false`.',
        ' */',
        'export function colorOn() {',
        '  return !process.env.NO_COLOR',
        '}',
        'export const port = process.env.PORT',
      ].join('\n'),
    );
    const a = analysis();
    a.docs = { ...a.docs, envVarMentions: [] };
    const at = (name: string, line: number) => v(name, { file: 'src/color.ts', line, presence: true });
    a.envVars = [at('NO_COLOR', 6)];
    const c = { ...ctx(a, 'configuration'), workspace: { root } as WriterContext['workspace'] };
    expect(writeConfiguration(c)).toContain(
      '`NO_COLOR` is documented at `src/color.ts:3`, in the comment above the code that reads it.',
    );
    // a variable no comment names is not documented by its neighbour's
    a.envVars = [at('PORT', 8)];
    expect(writeConfiguration({ ...c, fx: factsOf(a) })).not.toContain('is documented at');
    rmSync(root, { recursive: true, force: true });
  });

  it('tells a variable only a comment names apart from those the documents name', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'atr-envdoc-'));
    mkdirSync(path.join(root, 'src'));
    writeFileSync(
      path.join(root, 'src/settings.py'),
      [
        'import os',
        '# To send metrics, set STATSD_HOST="host:port"',
        'STATSD_HOST = os.getenv("STATSD_HOST")',
        'PORT = os.getenv("PORT")',
        'DEBUG = os.getenv("DEBUG")',
      ].join('\n'),
    );
    const a = analysis();
    a.docs = { ...a.docs, envVarMentions: [{ name: 'PORT', file: 'README.md', line: 12 }] };
    const at = (name: string, line: number) => v(name, { file: 'src/settings.py', line });
    a.envVars = [at('STATSD_HOST', 3), at('PORT', 4), at('DEBUG', 5)];
    const md = writeConfiguration({
      ...ctx(a, 'configuration'),
      workspace: { root } as WriterContext['workspace'],
    });
    expect(md).toContain(
      '1 variable of 3 is documented in `README.md:12` (1 variable); `STATSD_HOST` (`src/settings.py:2`) is named in a comment above the line that reads it, and `DEBUG` is named only in the code.',
    );
    rmSync(root, { recursive: true, force: true });
  });

  it('counts an empty key handed to a client as must-be-set, once, and never as a default', () => {
    const a = analysis();
    a.envVars = [
      v('SERVICE_KEY', { emptyFallback: true, unusableEmpty: true, sensitive: true }),
      v('KEY_LIVE', { emptyFallback: true, unusableEmpty: true, fallbackVars: ['KEY'] }),
      v('KEY', { emptyFallback: true, unusableEmpty: true }),
      v('PORT', { defaultValue: '3000', hasDefault: true }),
    ];
    const md = writeConfiguration(ctx(a, 'configuration'));
    expect(md).toContain(
      '`SERVICE_KEY` and `KEY` must be set: the code fails when one is missing, or hands an empty value to a client that cannot use it.',
    );
    expect(md).not.toMatch(/empty string/);
    expect(md).not.toMatch(/`KEY_LIVE`[^|\n]*must be set:/);
  });

  it('says a failing read must be set and a lookup that returns nothing is optional, never "set it everywhere"', () => {
    const a = analysis();
    a.envVars = [
      v('URL', { required: true }),
      v('METRICS_KEY', { sensitive: true }),
      v('PORT', { defaultValue: '80', hasDefault: true }),
    ];
    const md = writeConfiguration(ctx(a, 'configuration'));
    expect(md).toContain('`URL` must be set: the code that reads it fails when it is missing.');
    expect(md).toContain(
      '`METRICS_KEY` has no default value but is optional: unset, the lookup returns nothing rather than failing.',
    );
    expect(md).not.toMatch(/every environment/);
  });

  it("never says a command-line option's variable has no default: the code using the option may fall back", () => {
    const a = analysis();
    a.envVars = [
      v('TOOL_CHOOSER', { option: true, inHelp: true }),
      v('TOOL_FORMAT', { option: true, inHelp: true, defaultValue: '%H', hasDefault: true }),
      v('TOOL_HOME', {}),
    ];
    const md = writeConfiguration(ctx(a, 'configuration'));
    expect(md).not.toMatch(/`TOOL_CHOOSER`[^|\n]*no default value/);
    expect(md).toContain('`TOOL_HOME` has no default value but is optional');
    a.envVars = [v('TOOL_CHOOSER', { option: true, inHelp: true })];
    const alone = writeConfiguration(ctx(a, 'configuration'));
    expect(alone).not.toContain('no default value');
    expect(alone).not.toContain('Every one has a fallback');
  });
});

describe('the fallback sentence', () => {
  it('is left out when a name built at run time shows no fallback in its Default cell', () => {
    const a = analysis();
    a.envVars = [
      { name: '<ENVVAR>', file: 'src/core.py', line: 9, class: 'config', area: 'product' },
      {
        name: 'APP_HOME',
        file: 'src/core.py',
        line: 4,
        defaultValue: '~',
        hasDefault: true,
        class: 'config',
        area: 'product',
      },
    ];
    const md = writeConfiguration(ctx(a, 'configuration'));
    // the cell says what the read gives, rather than a dash a legend under the table must explain
    expect(md).toMatch(/\| `<ENVVAR>` \| none where read \|/);
    expect(md).not.toContain('Every one has a fallback');
    expect(md).not.toContain('A dash in the Default column');
  });

  it('explains no dash where every row shows its fallback', () => {
    const a = analysis();
    a.envVars = a.envVars.filter((e) => e.name === 'PORT');
    expect(writeConfiguration(ctx(a, 'configuration'))).not.toContain('A dash in the Default column');
  });
});

describe('the security chapter', () => {
  it('reports a hard-coded fallback secret and never says there is none', () => {
    const md = writeSecurity(ctx(analysis(), 'security'));
    expect(md).toContain('1 likely hard-coded secret was found.');
    expect(md).toContain('| Hard-coded fallback secret (`SECRET_KEY`) | `***` | `src/config.ts:4` |');
    expect(md).not.toMatch(/No hard-coded secret/);
  });

  it('tells a placeholder fallback apart: to override, never to rotate', () => {
    const a = analysis();
    a.secrets = [{ ...a.secrets[0]!, kind: 'Placeholder fallback secret' }];
    const md = writeSecurity(ctx(a, 'security'));
    expect(md).toContain(
      '`SECRET_KEY` (`src/config.ts:4`) falls back to a placeholder or sample value written in the code. That is no leaked credential, but production must override it',
    );
    expect(md).not.toMatch(/rotat|likely hard-coded secret/);
    const recs = recommendations(a).map((r) => r.text);
    expect(recs.some((t) => t.startsWith('Refuse `SECRET_KEY` at start-up outside debug mode'))).toBe(true);
    expect(recs.join(' ')).not.toMatch(/rotate/);
  });

  it('says a debug switch that is on when unset leaves a served app in debug mode', () => {
    const a = analysis();
    a.envVars.push(
      {
        name: 'DEBUG',
        file: 'app/settings.py',
        line: 70,
        defaultValue: 'True',
        hasDefault: true,
        class: 'config',
        area: 'product',
      },
      {
        name: 'VERBOSE_DEBUG',
        file: 'app/settings.py',
        line: 71,
        defaultValue: 'False',
        hasDefault: true,
        class: 'config',
        area: 'product',
      },
    );
    const md = writeSecurity(ctx(a, 'security'));
    expect(md).toContain('`DEBUG` (`app/settings.py:70`) defaults to `True` when unset');
    expect(md).not.toContain('VERBOSE_DEBUG');
    a.envVars[a.envVars.length - 2]!.defaultValue = 'False';
    expect(writeSecurity(ctx(a, 'security'))).not.toContain('debug mode');
  });

  it("keeps an example's secret out of the product's findings, naming it under its own area", () => {
    const a = analysis();
    a.secrets = a.secrets.filter((s) => s.area === 'examples');
    const md = writeSecurity(ctx(a, 'security'));
    // the absence is claimed of the product's files only: an example holds one
    expect(md).toMatch(
      /No hard-coded secret \(API key, private key, token or password\) is written into any of the product's \d+ files?\./,
    );
    expect(md).not.toMatch(/code base's \d+ files?/);
    expect(md).toContain(
      'Credential-shaped values outside the product: 1 value in examples (`examples/demo.ts:9`)',
    );
    expect(md).not.toContain('DEMO_TOKEN');
    // with none anywhere, the claim covers every file of the code base
    a.secrets = [];
    expect(writeSecurity(ctx(a, 'security'))).toMatch(/is written into any of the code base's \d+ files?\./);
  });
});

describe('framework property files', () => {
  it('names the defaults, the profiles and how one is picked, and hides credential values', () => {
    const a = analysis();
    a.config.settings = [
      { key: 'database', value: 'h2', file: 'res/application.properties', line: 2 },
      { key: 'spring.datasource.password', value: 'petclinic', file: 'res/application.properties', line: 5 },
      {
        key: 'spring.datasource.url',
        value: 'jdbc:mysql://x',
        file: 'res/application-mysql.properties',
        line: 3,
      },
    ];
    a.config.profiles = [{ name: 'mysql', file: 'res/application-mysql.properties' }];
    const md = writeConfiguration(ctx(a, 'configuration'));
    expect(md).toContain(
      '`res/application.properties` holds the defaults every run uses (2 settings); 1 profile overrides them: `mysql` (`res/application-mysql.properties`); no property file sets `spring.profiles.active`',
    );
    expect(md).toContain('| `database` | `h2` | `res/application.properties:2` |');
    expect(md).toContain('| `spring.datasource.password` | (hidden) |');
    expect(md).not.toContain('petclinic');
  });
});

describe('how the configuration chapter tells where variables are documented', () => {
  const withVars = (envVars: EnvVar[]) => {
    const a = analysis();
    a.envVars = envVars;
    a.docs = { ...a.docs, envVarMentions: [] };
    return writeConfiguration(ctx(a, 'configuration'));
  };
  const v = (name: string, extra: Partial<EnvVar> = {}): EnvVar => ({
    name,
    file: 'src/cli.rs',
    line: 3,
    class: 'config',
    area: 'product',
    ...extra,
  });

  it('keeps the secrets and the required variables in a table cut at 60 rows', () => {
    const many = Array.from({ length: 70 }, (_, i) => v(`OPTION_${String(i).padStart(2, '0')}`));
    const md = withVars([...many, v('ZZ_SECRET_KEY'), v('ZZ_DATABASE', { required: true })]);
    expect(md).toContain('`ZZ_SECRET_KEY`');
    expect(md).toContain('`ZZ_DATABASE`');
    expect(md).not.toContain('`OPTION_69`');
    // the 12 past the table are named, not how the table was cut
    expect(md).toContain(
      'The product also reads `OPTION_58`, `OPTION_59`, `OPTION_60`, `OPTION_61`, `OPTION_62`, `OPTION_63` and 6 more.',
    );
    expect(md).not.toMatch(/The table shows/);
  });

  it('counts each source by the variables it names, and the documented ones once', () => {
    const a = analysis();
    a.envVars = [v('PORT'), v('DB_URL'), v('SECRET'), v('HIDDEN')];
    a.docs = {
      ...a.docs,
      envVarMentions: [
        { name: 'DB_URL', file: 'README.md', line: 4 },
        { name: 'DB_URL', file: '.env.example', line: 1 },
        { name: 'PORT', file: 'README.md', line: 3 },
        { name: 'PORT', file: '.env.example', line: 2 },
        { name: 'SECRET', file: '.env.example', line: 3 },
      ],
    };
    const md = writeConfiguration(ctx(a, 'configuration'));
    expect(md).toContain(
      '3 variables of 4 are documented in `.env.example:1` (3 variables) and `README.md:3` (2 variables); `HIDDEN` is named only in the code',
    );
  });

  it('cites a README that names the variables on several lines as a whole, counting each variable once', () => {
    const a = analysis();
    a.envVars = [v('API_KEY'), v('API_URL'), v('DB_URL'), v('LIVE_KEY')];
    a.docs = {
      ...a.docs,
      envVarMentions: [
        { name: 'API_KEY', file: 'README.md', line: 32 },
        { name: 'API_URL', file: 'README.md', line: 44 },
        { name: 'API_KEY', file: 'README.md', line: 60 },
        { name: 'DB_URL', file: 'README.md', line: 79 },
      ],
    };
    const md = writeConfiguration(ctx(a, 'configuration'));
    expect(md).toContain(
      '3 variables of 4 are documented in `README.md` (3 variables); `LIVE_KEY` is named only in the code',
    );
  });

  it('variables printed by --help are documented there, not "named only in the code"', () => {
    const md = withVars([v('APP_JOBS', { inHelp: true }), v('APP_COLOR', { inHelp: true })]);
    expect(md).toContain(
      "Every one of the 2 variables is printed by the program's `--help` beside the option it sets",
    );
    expect(md).not.toContain('named only in the code');
  });

  it('names the variables --help does not print when nothing else documents them', () => {
    const a = analysis();
    a.envVars = [
      v('APP_JOBS', { inHelp: true }),
      v('APP_COLOR', { inHelp: true }),
      v('APP_PAGER', { defaultValue: 'less' }),
    ];
    a.docs = { ...a.docs, envVarMentions: [] };
    // no sample env file either
    a.files = a.files.filter((f) => !f.path.startsWith('.env'));
    a.config = { files: a.config.files.filter((f) => !f.path.startsWith('.env')) };
    const md = writeConfiguration(ctx(a, 'configuration'));
    expect(md).toContain(
      "2 variables are printed by the program's `--help` beside the option it sets (`src/cli.rs`). The other one, `APP_PAGER`, is named only in the code: neither the README, the docs nor a `.env.example` file names it.",
    );
    expect(md).not.toContain('these variables');
    // a convention every tool of the ecosystem reads is not one to look for in the project's documents
    a.envVars = a.envVars.map((e) => (e.name === 'APP_PAGER' ? { ...e, name: 'VISUAL' } : e));
    expect(writeConfiguration(ctx(a, 'configuration'))).toContain(
      "(`src/cli.rs`). The other one, `VISUAL`, is a convention the ecosystem's tools share; no document of the project describes it.",
    );
    // a help text the program prints that names it is where its users read of it
    const root = mkdtempSync(path.join(os.tmpdir(), 'atr-envhelp-'));
    const withHelp = ctx(a, 'configuration');
    const file = withHelp.fx.productFiles.find((f) => /\.[jt]s$/.test(f.path))!.path;
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), '.help("Edit with the editor given by $VISUAL")\n');
    expect(writeConfiguration({ ...withHelp, workspace: { root } as WriterContext['workspace'] })).toContain(
      `The other one, \`VISUAL\`, is named in the help text at \`${file}:1\``,
    );
    rmSync(root, { recursive: true, force: true });
  });

  it('names built at run time say what fills them in', () => {
    const md = withVars([
      v('<AUTO_ENVVAR_PREFIX>_<NAME>', { file: 'src/core.py', line: 9 }),
      v('<ENVVAR>', { file: 'src/core.py', line: 4 }),
    ]);
    expect(md).toContain('`<AUTO_ENVVAR_PREFIX>_<NAME>` is filled in from `auto_envvar_prefix` and `name`');
    expect(md).toContain('`<ENVVAR>` is the variable the `envvar` setting names');
    // their reader decides what unset means: no "no default value" for them
    expect(md).not.toMatch(/no default value/);
  });

  it('names the code a run-time part comes from where the analysis saw it', () => {
    const md = withVars([
      v('<NAME>_ACTIVE_HELP', { file: 'help.go', line: 50, filledBy: { '<NAME>': 'cmd.Root().Name()' } }),
    ]);
    expect(md).toContain('`<NAME>_ACTIVE_HELP` is filled in from `cmd.Root().Name()`');
  });

  it('a name a library call looks up itself is not filled in from anything of the product', () => {
    const md = withVars([
      v('<SCHEME>_proxy', { file: 'src/utils.py', line: 882, readBy: 'getproxies()' }),
      v('no_proxy', { file: 'src/utils.py', line: 882, readBy: 'getproxies()' }),
    ]);
    expect(md).toContain(
      '`<SCHEME>_proxy` stands for every name of that form, which `getproxies()` looks up itself (`src/utils.py:882`)',
    );
    expect(md).not.toMatch(/filled in from `scheme`|no default value/);
  });

  it('a variable outside the configuration stands under one label only', () => {
    const md = withVars([
      v('PORT'),
      v('BIN_PATH', { file: 'scripts/deb.sh', area: 'scripts' }),
      v('BIN_PATH', { file: '.github/workflows/ci.yml', class: 'ci', area: 'ci' }),
    ]);
    expect(md).toContain('Not configuration a user of the product sets: set by CI: `BIN_PATH`.');
  });
});

describe('configuration files', () => {
  it('keep a dependency-update schedule out of what shapes the build and the run', () => {
    const a = analysis();
    a.config.files = [{ path: '.github/dependabot.yml', kind: 'dependency updates' }];
    const alone = writeConfiguration(ctx(a, 'configuration'));
    expect(alone).not.toMatch(/\d+ configuration files? shapes?/);
    expect(alone).toMatch(
      /Apart from repository upkeep \(`\.github\/dependabot\.yml` \(dependency updates\)\), no configuration file shapes how the project builds and runs\./,
    );
    a.config.files.push({ path: 'tsconfig.json', kind: 'TypeScript compiler' });
    const both = writeConfiguration(ctx(a, 'configuration'));
    expect(both).toMatch(/1 configuration file shapes how the project is built and checked:/);
    expect(both).toMatch(/Repository upkeep, not the build: `\.github\/dependabot\.yml`/);
  });

  it('say the files shape how the project runs only when one of them is read at run time', () => {
    const a = analysis();
    a.config.files = [
      { path: 'Cargo.toml', kind: 'Cargo build profiles (release)' },
      { path: 'clippy.toml', kind: 'lint/format' },
      { path: 'rustfmt.toml', kind: 'lint/format' },
    ];
    expect(writeConfiguration(ctx(a, 'configuration'))).toMatch(
      /3 configuration files shape how the project is built and checked:/,
    );
    a.config.files.push({ path: 'docker-compose.yml', kind: 'containers' });
    expect(writeConfiguration(ctx(a, 'configuration'))).toMatch(
      /4 configuration files shape how the project builds and runs:/,
    );
  });
});

describe('the database a deployment gets', () => {
  it('names the default engine and what the switching variable selects, from Django settings', () => {
    const settings = [
      'DATABASES = {', // 1
      '    "default": {', // 2
      '        "ENGINE": "django.db.backends.sqlite3",', // 3
      '    }', // 4
      '}', // 5
      'if os.getenv("DB") == "postgres":', // 6
      '    DATABASES = {', // 7
      '        "default": {', // 8
      '            "ENGINE": "django.db.backends.postgresql",', // 9
      '        }', // 10
      '    }', // 11
      'if os.getenv("DB") in ["mysql", "mariadb"]:', // 12
      '    DATABASES = {"default": {"ENGINE": "django.db.backends.mysql"}}', // 13
    ].join('\n');
    const dbs = databaseChoices('app/settings.py', settings);
    expect(dbs.map((d) => [d.engine, d.line, d.when?.values.join('|')])).toEqual([
      ['SQLite', 3, undefined],
      ['PostgreSQL', 9, 'postgres'],
      ['MySQL', 13, 'mysql|mariadb'],
    ]);
    expect(databaseSentence(dbs)).toBe(
      'The database is SQLite by default (`app/settings.py:3`); the environment variable `DB` switches it: `postgres` to PostgreSQL (`app/settings.py:9`) and `mysql` or `mariadb` to MySQL (`app/settings.py:13`).',
    );
    // one fixed engine is no choice
    expect(databaseChoices('app/settings.py', settings.split('\n').slice(0, 5).join('\n'))).toEqual([]);
  });
});

describe('variables other settings are built from', () => {
  it('are those named in another default and the database selector', () => {
    const v = (name: string, defaultValue?: string) =>
      ({ name, file: 'app/settings.py', line: 1, ...(defaultValue ? { defaultValue } : {}) }) as EnvVar;
    const vars = [
      v('SITE_ROOT', '"http://localhost:8000"'),
      v('PING_ENDPOINT', 'SITE_ROOT + "/ping/"'),
      v('SITE_NAME', '"Mychecks"'),
      v('MASTER_BADGE_LABEL', 'SITE_NAME'),
      v('DB'),
      v('EMAIL_PORT', '587'),
    ];
    expect([...basisNames(vars, ['DB'])].sort()).toEqual(['DB', 'SITE_NAME', 'SITE_ROOT']);
  });
});

describe("a library's constructor options", () => {
  it('are told as its configuration, with their defaults, for the class the README constructs', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'atr-ctor-'));
    try {
      mkdirSync(path.join(root, 'lib'));
      writeFileSync(
        path.join(root, 'lib/app.js'),
        'module.exports = class App {\n  constructor (options) {\n    this.proxy = options.proxy || false\n    this.keys = options.keys\n  }\n}\n',
      );
      const a = sampleAppAnalysis();
      a.files = [...a.files, { ...a.files[0]!, path: 'lib/app.js' }];
      a.identity = {
        ...a.identity!,
        kind: 'framework',
        entryPoints: [
          { path: 'lib/app.js', line: 1, how: "called by the README's example", call: 'new App()' },
        ],
      };
      const parts = constructorOptionParts({ a, workspace: { root } } as unknown as WriterContext);
      expect(parts[0]).toBe(
        'Besides the environment, an application sets up each `new App(options)` through 2 options (`lib/app.js:2`):',
      );
      expect(parts[1]).toContain('| `proxy` | `false` | `lib/app.js:3` |');
      expect(parts[1]).toContain('| `keys` | none | `lib/app.js:4` |');
      // an application is configured by its own settings, not by how it builds its objects
      a.identity = { ...a.identity, kind: 'application' };
      expect(constructorOptionParts({ a, workspace: { root } } as unknown as WriterContext)).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
