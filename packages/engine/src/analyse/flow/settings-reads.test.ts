// The settings each main-path step reads from the value every stage is handed.

import { describe, expect, it } from 'vitest';
import { blankComments } from '../comments.ts';
import type { Flow, MainPathStep } from '../types.ts';
import { fileModel } from './index.ts';
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
