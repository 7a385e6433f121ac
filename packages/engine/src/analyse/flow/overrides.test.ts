// A subtype's own version of a main-path step: how nested work (a command group's subcommand) goes on.

import { describe, expect, it } from 'vitest';
import { blankComments } from '../comments.ts';
import type { MainPathStep } from '../types.ts';
import type { FileModel, Target } from './definitions.ts';
import { fileModel } from './index.ts';
import { markOverrides } from './overrides.ts';

const model = (path: string, lines: string[]) =>
  fileModel(path, 'Python', blankComments(lines.join('\n'), 'Python'));

function maps(models: FileModel[]): { types: Map<string, Target[]>; fns: Map<string, Target[]> } {
  const types = new Map<string, Target[]>();
  const fns = new Map<string, Target[]>();
  for (const file of models)
    for (const def of file.defs) {
      const into = def.kind === 'type' ? types : fns;
      into.set(def.name, [...(into.get(def.name) ?? []), { file, def }]);
    }
  return { types, fns };
}

const core = model('pkg/core.py', [
  'class Command:',
  '    def make_context(self, name, args):',
  '        return Context(self)',
  '',
  '    def parse_args(self, ctx, args):',
  '        return args',
  '',
  '    def invoke(self, ctx):',
  '        return ctx.invoke(self.callback)',
  '',
  'class Group(Command):',
  '    def parse_args(self, ctx, args):',
  '        if not args:',
  '            raise NoArgs(ctx)',
  '        return super().parse_args(ctx, args)',
  '',
  '    def invoke(self, ctx):',
  '        name, cmd, args = self.resolve_command(ctx, ctx.args)',
  '        sub = cmd.make_context(name, args)',
  '        return sub.command.invoke(sub)',
  '',
  '    def resolve_command(self, ctx, args):',
  '        return args[0], self.commands[args[0]], args[1:]',
]);

const path = (): MainPathStep[] => [
  { name: 'make_context', owner: 'Command', path: 'pkg/core.py', line: 2 },
  { name: 'parse_args', owner: 'Command', path: 'pkg/core.py', line: 5 },
  { name: 'invoke', owner: 'Command', path: 'pkg/core.py', line: 8 },
];

describe('overrides of main-path steps', () => {
  it("marks an exported subtype's method that resolves more work and runs the path again for it", () => {
    const { types, fns } = maps([core]);
    const steps = path();
    markOverrides(steps, types, fns, new Set(['Command', 'Group']));
    expect(steps[2]!.override).toEqual({
      owner: 'Group',
      name: 'invoke',
      path: 'pkg/core.py',
      line: 17,
      own: [{ name: 'resolve_command', line: 18, defLine: 22 }],
      again: [
        { name: 'make_context', line: 19 },
        { name: 'invoke', line: 20 },
      ],
    });
    // a check around `super()` changes nothing of the path
    expect(steps[1]!.override).toBeUndefined();
  });

  it('leaves a subtype the package does not export alone', () => {
    const { types, fns } = maps([core]);
    const steps = path();
    markOverrides(steps, types, fns, new Set(['Command']));
    expect(steps.some((s) => s.override)).toBe(false);
  });
});
