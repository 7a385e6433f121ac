// The central type's values a Go library builds for itself: its own commands, a hidden one a
// generated shell script calls back into.

import { describe, expect, it } from 'vitest';
import { builtInValues } from './built-ins.ts';
import { fileModel } from './index.ts';

describe('built-in values of the central type', () => {
  const files: Record<string, string[]> = {
    'command.go': [
      'package cli',
      '',
      'type Command struct {',
      '\tUse string',
      '\tValidArgsFunction CompletionFunc',
      '}',
      '',
      'type CompletionFunc = func(cmd *Command) []string',
      '',
      'var flagFuncs = map[string]CompletionFunc{}',
      '',
      'func (c *Command) RegisterFlagFunc(name string, f CompletionFunc) {',
      '\tflagFuncs[name] = f',
      '}',
      '',
      'func (c *Command) Help() error {',
      '\treturn nil',
      '}',
      '',
      'func (c *Command) initHelp() {',
      '\tc.help = &Command{',
      '\t\tUse: "help [command]",',
      '\t}',
      '}',
    ],
    'complete.go': [
      'package cli',
      '',
      'const RequestCmd = "__complete"',
      '',
      'func (c *Command) initComplete() {',
      '\tcompleteCmd := &Command{',
      '\t\tUse:    fmt.Sprintf("%s [command-line]", RequestCmd),',
      '\t\tHidden: true,',
      '\t\tRun: func(cmd *Command, args []string) {',
      '\t\t\tout := cmd.Root()',
      '\t\t\tcmd.getCompletions(args)',
      '\t\t},',
      '\t}',
      '}',
      '',
      'func (c *Command) Root() *Command {',
      '\treturn c',
      '}',
      '',
      'func (c *Command) getCompletions(args []string) {',
      '\tfor _, a := range args {',
      '\t\tprintln(a)',
      '\t}',
      '\tfn := flagFuncs[args[0]]',
      '\tn := c.Flags().Args()',
      '\tfn = c.ValidArgsFunction',
      '\tprintln(len(args))',
      '}',
      '',
      'func genFishComp(name string) {',
      '\tcompCmd := RequestCmd',
      '\tif name == RequestCmd {',
      '\t\treturn',
      '\t}',
      '}',
    ],
  };
  const models = Object.entries(files).map(([p, lines]) => fileModel(p, 'Go', lines.join('\n')));

  it('names each value, the hidden one with the method its Run hands the work to and the writers of its name', () => {
    expect(builtInValues(models, 'Command')).toEqual([
      { name: 'help', path: 'command.go', line: 21 },
      {
        name: '__complete',
        path: 'complete.go',
        line: 6,
        hidden: true,
        runs: {
          name: 'getCompletions',
          line: 11,
          // a field holding a function and a map of them a method fills; not `Args` of a call's result
          uses: [
            { name: 'ValidArgsFunction', path: 'complete.go', line: 26 },
            {
              name: 'flagFuncs',
              path: 'complete.go',
              line: 24,
              filledBy: { name: 'RegisterFlagFunc', path: 'command.go', line: 13 },
            },
          ],
        },
        constant: 'RequestCmd',
        written: [{ name: 'genFishComp', path: 'complete.go', line: 31 }],
      },
    ]);
  });

  it('finds nothing for a type the product never builds itself', () => {
    expect(builtInValues(models, 'Flag')).toEqual([]);
  });
});
