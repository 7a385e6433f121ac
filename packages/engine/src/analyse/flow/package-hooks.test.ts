// Registration through a package's functions: what they append to a package-level list of functions,
// who goes through that list, and where the main path runs it.

import { describe, expect, it } from 'vitest';
import { blankComments } from '../comments.ts';
import { fileModel } from './index.ts';
import { packageRegistrations, packageTables } from './package-hooks.ts';

const model = (path: string, lines: string[]) => fileModel(path, 'Go', blankComments(lines.join('\n'), 'Go'));

describe('package registrations', () => {
  const pkg = model('kit.go', [
    'package kit',
    '',
    'var (',
    '\tstarters []func()',
    '\tstoppers []func()',
    ')',
    '',
    'func OnStart(fs ...func()) {',
    '\tstarters = append(starters, fs...)',
    '}',
    '',
    'func OnStop(f func()) {',
    '\tstoppers = append(stoppers, f)',
    '}',
    '',
    'func SetName(n string) {}',
  ]);
  const cmd = model('cmd.go', [
    'package kit',
    '',
    'type Cmd struct{}',
    '',
    'func (c *Cmd) run() error {',
    '\tc.start()',
    '\tdefer c.stop()',
    '\tc.Validate()',
    '\treturn nil',
    '}',
    '',
    'func (c *Cmd) start() {',
    '\tfor _, f := range starters {',
    '\t\tf()',
    '\t}',
    '}',
    '',
    'func (c *Cmd) stop() {',
    '\tfor _, f := range stoppers {',
    '\t\tf()',
    '\t}',
    '}',
    '',
    'func (c *Cmd) Validate() {}',
  ]);
  const path = [
    { name: 'run', owner: 'Cmd', path: 'cmd.go', line: 5 },
    { name: 'Validate', owner: 'Cmd', path: 'cmd.go', line: 24 },
  ];

  it('finds the function appending to a package list, who runs the list, and where the main path calls that, in order', () => {
    const points = packageRegistrations([pkg, cmd], path);
    expect(points.map((p) => p.name)).toEqual(['OnStart', 'OnStop']);
    expect(points[0]).toMatchObject({
      value: 'fs',
      many: true,
      store: 'starters',
      storeLine: 4,
      contract: { type: 'func()' },
      runs: {
        name: 'start',
        owner: 'Cmd',
        line: 13,
        how: 'iterates',
        within: { name: 'run', line: 6, before: { name: 'Validate', owner: 'Cmd' } },
      },
    });
    expect(points[1]!.runs.within).toMatchObject({ name: 'run', line: 7, deferred: true });
  });

  it('finds nothing where no list of functions is filled from outside', () => {
    expect(packageRegistrations([cmd], path)).toEqual([]);
  });
});

describe('package tables', () => {
  const tree = model('tree.go', [
    'package router', // 1
    '',
    'var kinds = map[string]int{', // 3
    '\t"GET": 1,',
    '}',
    '',
    'var names = map[int]string{}', // 7
    '',
    'func Register(kind string) {', // 9
    '\tkind = strings.ToUpper(kind)',
    '\tkinds[kind] = len(kinds)', // 11
    '\tnames[len(kinds)] = kind',
    '}',
    '',
    'func SetDefault(v int) {', // 15
    '\tnames[v] = ""',
    '}',
  ]);
  const mux = model('mux.go', [
    'package router', // 1
    '',
    'func (mx *Mux) route(kind string) {', // 3
    '\tk, ok := kinds[kind]', // 4
    '\t_ = k',
    '}',
  ]);
  const path = [{ name: 'route', owner: 'Mux', path: 'mux.go', line: 3 }];

  it('finds an exported function that stores its caller-given key in a table the main path looks up', () => {
    expect(packageTables([tree, mux], path)).toEqual([
      {
        name: 'Register',
        path: 'tree.go',
        line: 9,
        key: 'kind',
        table: 'kinds',
        tablePath: 'tree.go',
        tableLine: 3,
        lookup: { name: 'route', owner: 'Mux', path: 'mux.go', line: 4 },
      },
    ]);
  });

  it('names none when the main path never reads the table', () => {
    expect(packageTables([tree], path)).toEqual([]);
  });
});
