// A command-line tool's interface as the report tells it: every option counted, visible ones as examples.
import { describe, expect, it } from 'vitest';
import type { Identity } from '../analyse/types.ts';
import {
  commandLineParts,
  commandLineSentence,
  publicApiParts,
  rankedApi,
  surfaceSentence,
} from './identity-text.ts';

const opt = (name: string, line: number, extra: Partial<Identity['publicApi'][number]> = {}) => ({
  name,
  kind: 'flag',
  path: 'src/cli.rs',
  line,
  ...extra,
});

const id = {
  kind: 'cli',
  kinds: ['cli'],
  keyComponents: [],
  publicApi: [
    opt('--hidden', 10, { short: '-H' }),
    opt('--no-hidden', 12, { hidden: true }),
    opt('--type', 20, { short: '-t', value: 'filetype' }),
    opt('--threads', 30, { value: 'num' }),
    opt('-1', 40),
    { name: 'search', kind: 'subcommand', path: 'src/cli.rs', line: 50 },
  ],
} as unknown as Identity;

describe('command line', () => {
  it('puts the default export first: it is the package as users import it', () => {
    const lib = {
      kind: 'library',
      keyComponents: [],
      publicApi: [
        { name: 'HTTPError', kind: 'class', path: 'source/index.ts', line: 3 },
        { name: 'ky', kind: 'default export', path: 'source/index.ts', line: 34 },
      ],
    } as unknown as Identity;
    expect(rankedApi(lib).map((e) => e.name)).toEqual(['ky', 'HTTPError']);
  });

  it('puts a name its authors mark deprecated after every other, and says so in the table', () => {
    const lib = {
      kind: 'library',
      keyComponents: [],
      publicApi: [
        { name: 'Upgrade', kind: 'function', path: 'server.go', line: 1, deprecated: true },
        { name: 'Conn', kind: 'struct', path: 'conn.go', line: 3 },
        { name: 'Dial', kind: 'function', path: 'client.go', line: 9 },
      ],
    } as unknown as Identity;
    // by line alone, `Upgrade` would come before `Dial`
    expect(rankedApi(lib).map((e) => e.name)).toEqual(['Conn', 'Dial', 'Upgrade']);
    expect(publicApiParts(lib).join('\n')).toMatch(/`Upgrade` \| function, deprecated \|/);
    expect(surfaceSentence(lib)).toContain('and the deprecated `Upgrade` function');
  });

  it('counts every option but takes its examples from the visible, most used ones', () => {
    // the hidden override is the most named of all, and still no example
    const usage = new Map([
      ['--no-hidden', 50],
      ['--type', 9],
      ['--threads', 3],
    ]);
    expect(commandLineSentence(rankedApi(id, usage), 3)).toBe(
      'It is used through 5 command-line options and 1 subcommand (`search`), such as `--type`, `--threads` and `--hidden`.',
    );
  });

  it('tells the whole command line: count, subcommands, every visible option in a table, the hidden ones by name', () => {
    const md = commandLineParts(id, new Map()).join('\n\n');
    expect(md).toContain('declares the command line: 5 options (4 with a long name) and 1 subcommand.');
    expect(md).toContain('The subcommands are `search`');
    expect(md).toContain('The 4 options shown by `--help`, in the order the code declares them:');
    for (const name of ['--hidden', '--type', '--threads', '-1']) expect(md).toContain(`| \`${name}\` |`);
    expect(md).toContain('| `--type` | `-t` | `<filetype>` |');
    expect(md).not.toContain('| `--no-hidden` |');
    expect(md).toMatch(/1 option is hidden from `--help`: `--no-hidden`/);
    // ranked by what the project's own text names: the lead-in says which it names most
    const used = new Map([
      ['--threads', 9],
      ['--type', 5],
      ['--hidden', 2],
    ]);
    expect(commandLineParts(id, used).join('\n\n')).toContain(
      "The 4 options shown by `--help`; the project's own documentation, tests and scripts name `--threads`, `--type` and `--hidden` most:",
    );
  });

  it('counts the subcommands once: the summary and the chapter give the same number, hidden ones included', () => {
    const withHidden = {
      ...id,
      publicApi: [
        ...id.publicApi,
        { name: 'debug-dump', kind: 'subcommand', path: 'src/cli.rs', line: 60, hidden: true },
      ],
    } as unknown as Identity;
    expect(commandLineSentence(rankedApi(withHidden, new Map()), 1)).toContain(
      'It is used through 5 command-line options and 2 subcommands (`search`)',
    );
    expect(commandLineParts(withHidden, new Map()).join('\n')).toContain(
      'declares the command line: 5 options (4 with a long name) and 2 subcommands.',
    );
  });

  it("counts a subcommand's own options apart from the command's, never among what `--help` shows", () => {
    const withCache = {
      ...id,
      publicApi: [
        ...id.publicApi,
        { name: 'cache', kind: 'subcommand', path: 'src/cli.rs', line: 60, hidden: true },
        opt('--build', 62, { subcommand: 'cache', short: '-b' }),
        opt('--source', 64, { subcommand: 'cache', value: 'dir' }),
        opt('--hidden', 66, { subcommand: 'cache' }),
      ],
    } as unknown as Identity;
    expect(commandLineSentence(rankedApi(withCache, new Map()), 1)).toBe(
      'It is used through 5 command-line options and 2 subcommands (`search`), such as `--hidden`; the hidden `cache` subcommand takes 3 options of its own.',
    );
    const md = commandLineParts(withCache, new Map()).join('\n\n');
    expect(md).toContain('declares the command line: 5 options (4 with a long name) and 2 subcommands.');
    expect(md).toContain('`cache` (`src/cli.rs:60`) (hidden)');
    expect(md).toContain(
      'The `cache` subcommand takes 3 options of its own: `--build` (`src/cli.rs:62`), `--source` (`src/cli.rs:64`) and `--hidden` (`src/cli.rs:66`).',
    );
    expect(md).toContain('The 4 options shown by `--help`');
    expect(md).not.toContain('| `--build` |');
  });

  it("does not say a command-line tool's users call the names its crate exports", () => {
    const withLib = {
      ...id,
      publicApi: [...id.publicApi, { name: 'run', kind: 'function', path: 'src/lib.rs', line: 3 }],
    } as unknown as Identity;
    const md = publicApiParts(withLib, new Map()).join('\n');
    expect(md).toContain('Beside the command line, the code exports 1 public name to other code:');
    expect(md).not.toContain('what users of the');
  });

  it("does not say so either when the tool's options were not read: its users still run it", () => {
    const noOptions = {
      ...id,
      publicApi: [{ name: 'Searcher', kind: 'struct', path: 'crates/searcher/src/lib.rs', line: 3 }],
    } as unknown as Identity;
    const md = publicApiParts(noOptions, new Map()).join('\n');
    expect(md).toContain('Beside the command line, the code exports 1 public name to other code:');
    expect(md).not.toContain('what users of the');
    expect(surfaceSentence(noOptions)).toBe(
      'Beside the command line, its code exports 1 public name to other code: the `Searcher` struct.',
    );
  });

  it('puts the names first for a library that also installs a command', () => {
    const lib = {
      ...id,
      kind: 'library',
      kinds: ['cli'],
      publicApi: [...id.publicApi, { name: 'App', kind: 'class', path: 'src/app.py', line: 3 }],
    } as unknown as Identity;
    const md = publicApiParts(lib, new Map()).join('\n');
    expect(md.indexOf('1 public name makes up what users of the library call')).toBe(0);
    expect(md.indexOf('declares the command line')).toBeGreaterThan(md.indexOf('`App`'));
    expect(md).not.toContain('Beside the command line');
  });

  it("counts a framework's names apart from the options of the command it also installs", () => {
    const names = ['Flask', 'Blueprint', 'Config', 'Request', 'Response', 'Session', 'Signal'];
    const lib = {
      ...id,
      kind: 'framework',
      kinds: ['library', 'cli'],
      publicApi: [
        { name: 'flask', kind: 'command', path: 'src/flask/cli.py', line: 2 },
        opt('--port', 5),
        opt('--host', 6),
        ...names.map((name, i) => ({ name, kind: 'class', path: 'src/flask/app.py', line: 10 + i })),
      ],
    } as unknown as Identity;
    expect(surfaceSentence(lib, new Map(), 2)).toBe(
      'Its public surface is 7 names, led by the `Flask` class and the `Blueprint` class, and a command line of 2 options.',
    );
  });

  it('tells nothing for a library without a command line', () => {
    const lib = {
      ...id,
      kind: 'library',
      publicApi: [{ name: 'Router', kind: 'struct', path: 'mux.go', line: 3 }],
    };
    expect(commandLineParts(lib as Identity)).toEqual([]);
  });
});
