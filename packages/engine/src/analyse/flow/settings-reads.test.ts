// The settings each main-path step reads from the value every stage is handed.

import { describe, expect, it } from 'vitest';
import { blankComments } from '../comments.ts';
import type { Flow, MainPathStep } from '../types.ts';
import { fileModel, receivers } from './index.ts';
import { markSettingsReads } from './settings-reads.ts';

const model = (path: string, lines: string[]) =>
  fileModel(path, 'Rust', blankComments(lines.join('\n'), 'Rust'));

const walk = model('src/walk.rs', [
  'use crate::config::Config;',
  'pub fn scan(paths: &[PathBuf], config: Config) -> i32 {',
  '    let threads = config.threads;',
  '    let walker = build(&config);',
  '    walker.run(config.min_depth, config.threads)',
  '}',
  'fn build(config: &Config) -> Walker {',
  '    let w = Walker::new().hidden(config.ignore_hidden).git_ignore(config.read_vcsignore);',
  '    if config.is_printing() { w.quiet() }',
  '    w',
  '}',
]);
const output = model('src/output.rs', [
  'pub fn print(config: &Config) {',
  '    if config.null_separator { print!("\\0") }',
  '}',
]);
const central = (takenBy: string[]): Flow['abstractions'] => [
  { name: 'Config', path: 'src/config.rs', line: 1, methods: 1, uses: 9, takenBy },
];
const path = (): MainPathStep[] => [
  { name: 'scan', path: 'src/walk.rs', line: 2 },
  { name: 'build', path: 'src/walk.rs', line: 7 },
];

describe('settings read along the main path', () => {
  it('marks each step with the fields it reads of the value every stage is handed, once each, in order', () => {
    const steps = path();
    markSettingsReads(steps, central(['src/walk.rs', 'src/output.rs']), [walk, output]);
    // `threads` is read twice and counted once; a method call (`is_printing()`) is no field
    expect(steps[0]!.reads).toEqual({ type: 'Config', fields: ['threads', 'min_depth'] });
    expect(steps[1]!.reads).toEqual({ type: 'Config', fields: ['ignore_hidden', 'read_vcsignore'] });
  });

  it('says nothing where no type is handed to the stages', () => {
    const steps = path();
    markSettingsReads(
      steps,
      central([]).map(({ takenBy: _, ...t }) => t),
      [walk, output],
    );
    expect(steps.map((s) => s.reads)).toEqual([undefined, undefined]);
  });

  it('says nothing of a value the product fills in as it goes rather than reads', () => {
    const built = model('src/build.rs', [
      'fn fill(config: &mut Config) {',
      '    config.threads = 4;',
      '    config.min_depth = 1;',
      '    config.ignore_hidden = true;',
      '}',
    ]);
    const steps = path();
    markSettingsReads(steps, central(['src/walk.rs']), [walk, output, built]);
    expect(steps.map((s) => s.reads)).toEqual([undefined, undefined]);
  });
});

describe('settings read, across lines and apart from filling the value in', () => {
  it('reads a field whose dot a formatter moved to the next line, and skips a step that writes the value', () => {
    const file = model('src/senders.rs', [
      'pub fn senders(config: &Config) {',
      '    if config',
      '        .ignore_contain',
      '        .iter()',
      '        .any(|x| x.exists()) { return; }',
      '    let d = config.min_depth;',
      '}',
      'fn fill(config: &mut Config) {',
      '    config.args[0] = 1;',
      '    let x = config.threads;',
      '    let y = config.min_depth;',
      '}',
    ]);
    const steps: MainPathStep[] = [
      { name: 'senders', path: 'src/senders.rs', line: 1 },
      { name: 'fill', path: 'src/senders.rs', line: 8 },
    ];
    markSettingsReads(steps, central(['src/walk.rs']), [file, walk]);
    expect(steps[0]!.reads).toEqual({ type: 'Config', fields: ['ignore_contain', 'min_depth'] });
    // an item of a field assigned: the step fills the value in rather than working from it
    expect(steps[1]!.reads).toBeUndefined();
  });
});

describe('the files a value is handed to', () => {
  it("reads the parameters after the function's name, past `pub(crate)`, and in a nested Python function", () => {
    const compiler = model('src/compiler.rs', [
      'impl Compiler {',
      "  pub(crate) fn compile<'src>(",
      '    config: &Config,',
      '    root: &Path,',
      '  ) -> Result<()> {',
      '  }',
      '}',
    ]);
    const py = fileModel(
      'pkg/decorators.py',
      'Python',
      blankComments(
        [
          'def confirmation_option(*names):',
          '    def callback(ctx: Context, value: bool) -> None:',
          '        ctx.abort()',
        ].join('\n'),
        'Python',
      ),
    );
    const other = model('src/other.rs', ['pub(crate) fn other(x: &Path) {', '}']);
    expect(receivers([compiler, other], 'Config', 'src/config.rs')).toEqual(['src/compiler.rs']);
    expect(receivers([py], 'Context', 'pkg/core.py')).toEqual(['pkg/decorators.py']);
    // Go: the parameter's name comes first, a package qualifies an exported type, and only its own
    // package takes an unexported one
    const go = (p: string, lines: string[]) => fileModel(p, 'Go', lines.join('\n'));
    const validator = go('internal/validator/feed.go', [
      'package validator',
      '',
      'func ValidateFeed(request *model.FeedRequest, cfg *config.Options) error {',
      '\treturn nil',
      '}',
    ]);
    const sender = go('client/client.go', ['package client', '', 'func (c *Client) send(r *request) {', '}']);
    expect(receivers([validator, sender], 'request', 'client/request.go')).toEqual(['client/client.go']);
    expect(receivers([validator], 'Options', 'internal/config/options.go')).toEqual([
      'internal/validator/feed.go',
    ]);
  });
});
