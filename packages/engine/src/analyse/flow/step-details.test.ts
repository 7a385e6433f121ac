import { describe, expect, it } from 'vitest';
import { fileModel } from './index.ts';
import { calledAgain, namedDefault, tempScript } from './step-details.ts';

const target = (code: string, name: string) => {
  const file = fileModel('src/runner.rs', 'Rust', code);
  return { file, def: file.defs.find((d) => d.name === name)! };
};

describe('calledAgain', () => {
  const runner = (second: string) =>
    target(
      [
        'impl Runner {',
        '  fn run_task(&self, task: &Task, ran: &mut Ran) {',
        '    Self::run_deps(',
        '      &self.config,',
        '      task.priors(),',
        '      ran,',
        '    );',
        '    task.run();',
        `    Self::run_deps(&self.config, ${second});`,
        '  }',
        '}',
      ].join('\n'),
      'run_task',
    );
  it('tells the member of the same value the second call is given in place of the first one', () => {
    // the bookkeeping beside it (a fresh `Ran`) is not what the second call is for
    expect(calledAgain(runner('task.subsequents(), &Ran::new()'), 'run_deps')).toEqual({
      line: 9,
      was: 'task.priors()',
      now: 'task.subsequents()',
    });
  });
  it('says nothing when the calls differ in unrelated values', () => {
    expect(calledAgain(runner('other_list, &Ran::new()'), 'run_deps')).toBeUndefined();
  });
});

describe('tempScript', () => {
  const body = (run: string) =>
    target(
      [
        'impl Recipe {',
        '  fn run_script(&self, config: &Config) -> Result<(), Error> {',
        '    let tempdir = context.tempdir(self)?;',
        '    let mut path = tempdir.path().to_path_buf();',
        '    fs::write(&path, script)?;',
        `    ${run}`,
        '    command.status()',
        '  }',
        '}',
      ].join('\n'),
      'run_script',
    );
  it('finds a file written into a temporary directory and handed to the command that runs it', () => {
    expect(tempScript(body('let command = executor.command(config, &path)?;').file, 2, 9)).toEqual({
      made: 3,
      written: 5,
      run: 6,
    });
  });
  it('needs the written path to be run: a file only written is a cache, not a script', () => {
    expect(tempScript(body('let command = executor.command(config)?;').file, 2, 9)).toBeUndefined();
  });
});

describe('namedDefault', () => {
  const settings = fileModel(
    'src/settings.rs',
    'Rust',
    [
      'use super::*;',
      'pub(crate) const DEFAULT_SHELL: &str = "sh";',
      'pub(crate) const DEFAULT_SHELL_ARGS: &[&str] = &["-cu"];',
      'pub(crate) const WINDOWS_SHELL: &str = "cmd";',
      'pub(crate) const DEFAULT_SHELL_LIMIT: usize = 3;',
    ].join('\n'),
  );
  it('tells the constants named for the default of what a step is named for, as one command line', () => {
    expect(namedDefault([settings], 'run_shell')).toEqual({
      names: ['DEFAULT_SHELL', 'DEFAULT_SHELL_ARGS'],
      value: 'sh -cu',
      path: 'src/settings.rs',
      line: 2,
      end: 3,
    });
    expect(namedDefault([settings], 'runEditor')).toBeUndefined();
  });
});
