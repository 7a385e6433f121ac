import { describe, expect, it } from 'vitest';
import { cliItems, goCliItems, pythonCliItems, rustCliItems } from './cli-options.ts';

const brief = (items: ReturnType<typeof cliItems>) =>
  items.map((i) =>
    [
      i.kind === 'subcommand' ? `cmd ${i.name}` : i.name,
      i.short,
      i.value && `<${i.value}>`,
      i.hidden && 'hidden',
      i.env && `$${i.env}`,
      i.subcommand && `(of ${i.subcommand})`,
      `:${i.line}`,
    ]
      .filter(Boolean)
      .join(' '),
  );

describe('clap derive', () => {
  const cli = [
    'use clap::{Args, Parser};', // 1
    '#[derive(Parser)]', // 2
    'pub struct Opts {', // 3
    '    /// Search hidden files (see "--no-hidden")', // 4
    '    #[arg(long, short = \'H\', help = "Search hidden files (default: off)")]', // 5
    '    pub hidden: bool,', // 6
    '    #[arg(long, overrides_with = "hidden", hide = true, action = ArgAction::SetTrue)]', // 7
    '    no_hidden: (),', // 8
    '    #[arg(long, value_name = "depth", hide_short_help = true, conflicts_with_all(&["size", "exact_depth"]),', // 9
    '          help = "Only show results (at most) this deep")]', // 10
    '    pub max_depth: Option<usize>,', // 11
    "    #[arg(short = '1', hide_short_help = true)]", // 12
    '    max_one_result: bool,', // 13
    '    #[arg(default_value = "", value_name = "pattern")]', // 14
    '    pub pattern: String,', // 15
    '    #[cfg(unix)]', // 16
    '    #[arg(long, aliases(&["mount", "xdev"]), long_help)]', // 17
    '    pub one_file_system: bool,', // 18
    '    #[arg(long = "set", value_names = ["VARIABLE", "VALUE"], env = "APP_SET")]', // 19
    '    pub overrides: Vec<(String, String)>,', // 20
    '    #[command(flatten)]', // 21
    '    pub extra: Extra,', // 22
    '}', // 23
    '#[derive(Args)]', // 24
    'pub(crate) struct Extra {', // 25
    '    #[clap(short, long, value_name = "NUM", env = "APP_JOBS")]', // 26
    '    pub(crate) jobs: usize,', // 27
    '}', // 28
  ].join('\n');

  it('reads every option: flattened structs, hidden and help-hidden ones, brackets inside the attribute', () => {
    expect(brief(rustCliItems('src/cli.rs', cli))).toEqual([
      '--hidden -H :5',
      '--no-hidden hidden :7',
      '--max-depth <depth> :9',
      '-1 :12',
      '--one-file-system :17',
      '--set <VARIABLE VALUE> $APP_SET :19',
      '--jobs -j <NUM> $APP_JOBS :26',
    ]);
  });

  it('names the struct each option belongs to and leaves positional arguments out', () => {
    const items = rustCliItems('src/cli.rs', cli);
    expect(items.find((i) => i.name === '--jobs')?.group).toBe('Extra');
    expect(items.some((i) => i.name.includes('pattern'))).toBe(false);
  });

  it("names an option's value after its field as clap does; switches and counters take none", () => {
    const text =
      '#[derive(Parser)]\nstruct A {\n  #[arg(long)]\n  threads: Option<usize>,\n  #[arg(long)]\n  quiet: bool,\n' +
      '  #[arg(short, action = ArgAction::Count)]\n  verbose: u8,\n}\n';
    expect(brief(rustCliItems('src/main.rs', text))).toEqual([
      '--threads <THREADS> :3',
      '--quiet :5',
      '-v :7',
    ]);
  });

  it('reads subcommand variants, with fields, renamed and hidden ones', () => {
    const text = [
      '#[derive(Subcommand)]',
      'enum Cmd {',
      '    /// Build it',
      '    Build { #[arg(long)] release: bool },',
      '    #[command(name = "ls", hide = true)]',
      '    ListAll(ListArgs),',
      '    SelfUpdate,',
      '}',
    ].join('\n');
    expect(brief(rustCliItems('src/main.rs', text))).toEqual([
      '--release :4',
      'cmd build :4',
      'cmd ls hidden :6',
      'cmd self-update :7',
    ]);
  });

  it('reads builder calls: long, short, value name, hidden', () => {
    const text =
      'cmd.arg(Arg::new("exec")\n    .long("exec")\n    .short(\'x\')\n    .value_name("cmd"))\n' +
      '.arg(Arg::new("debug").long("debug").action(ArgAction::SetTrue).hide(true))\n.arg(Arg::new("path"))\n' +
      '.subcommand(Command::new("init"));\n';
    expect(brief(rustCliItems('src/cli.rs', text))).toEqual([
      '--exec -x <cmd> :2',
      '--debug hidden :5',
      'cmd init :7',
    ]);
  });

  it("gives a subcommand's options to it, reads a hidden subcommand, and stops each option at its own chain", () => {
    const text = [
      'Command::new("tool")', // 1
      '    .disable_version_flag(true)', // 2
      '    .arg(Arg::new("version").long("version").action(ArgAction::Version))', // 3
      '    .arg(Arg::new("help").long("help").short(\'h\').action(ArgAction::SetTrue))', // 4
      '    .subcommand(', // 5
      '        Command::new("cache")', // 6
      '            .hide(true)', // 7
      '            .arg(Arg::new("help").long("help").action(ArgAction::Help))', // 8
      '            .arg(Arg::new("source").long("source").value_name("dir")),', // 9
      '    )', // 10
    ].join('\n');
    expect(brief(rustCliItems('src/app.rs', text))).toEqual([
      '--version :3',
      '--help -h :4',
      '--help (of cache) :8',
      '--source <dir> (of cache) :9',
      'cmd cache hidden :5',
    ]);
  });

  it("gives clap 4's options a value unless a switch's action or `num_args(0)` says none", () => {
    const text = [
      'Command::new("tool")',
      '    .arg(Arg::new("language").short(\'l\').long("language").overrides_with("language"))',
      '    .arg(Arg::new("suffix").action(ArgAction::Append).long("ignored-suffix"))',
      '    .arg(Arg::new("plain").long("plain").action(ArgAction::Count))',
      '    .arg(Arg::new("quiet").long("quiet").num_args(0))',
      '    // a comment inside the chain',
      '    .arg(Arg::new("limit").long("limit")',
      '        // no value name: clap shows the id',
      '        .value_parser(|s: &str| s.parse::<usize>()))',
    ].join('\n');
    expect(brief(rustCliItems('src/app.rs', text))).toEqual([
      '--language -l <language> :2',
      '--ignored-suffix <suffix> :3',
      '--plain :4',
      '--quiet :5',
      '--limit <limit> :7',
    ]);
  });

  it('gives clap 2 and 3 options a value only when told (`takes_value`)', () => {
    const text =
      'App::new("tool")\n  .arg(Arg::with_name("all").long("all"))\n  .arg(Arg::with_name("n").long("lines").takes_value(true))\n';
    expect(brief(rustCliItems('src/app.rs', text))).toEqual(['--all :2', '--lines <n> :3']);
  });
});

describe('cobra and flag', () => {
  it('reads Flags and PersistentFlags definers, hidden flags and added subcommands', () => {
    const text = [
      'package cmd', // 1
      'import "github.com/spf13/cobra"', // 2
      'const outputFlag = "output"', // 3
      'var rootCmd = &cobra.Command{Use: "tool"}', // 4
      'var serveCmd = &cobra.Command{', // 5
      '\tUse: "serve [flags]",', // 6
      '}', // 7
      'func newInitCmd() *cobra.Command {', // 8
      '\treturn &cobra.Command{Use: "init", Hidden: true}', // 9
      '}', // 10
      'func init() {', // 11
      '\trootCmd.PersistentFlags().StringVarP(&cfg, "config", "c", "", "config file (default $HOME/.tool.yaml)")', // 12
      '\tserveCmd.Flags().IntP("port", "p", 8080, "port")', // 13
      '\tserveCmd.Flags().String(outputFlag, "", "where")', // 14
      '\tserveCmd.Flags().Bool("debug", false, "debug")', // 15
      '\tserveCmd.Flags().MarkHidden("debug")', // 16
      '\trootCmd.AddCommand(serveCmd, newInitCmd())', // 17
      '}', // 18
    ].join('\n');
    expect(brief(goCliItems('cmd/root.go', text))).toEqual([
      '--config -c :12',
      '--port -p :13',
      '--output :14',
      '--debug hidden :15',
      'cmd serve :5',
      'cmd init hidden :9',
    ]);
  });

  it("reads the standard flag package's flags with one dash", () => {
    const text =
      'package main\nimport (\n\t"flag"\n)\nvar addr = flag.String("addr", ":8080", "listen address")\nfunc main() { flag.BoolVar(&v, "v", false, "verbose"); flag.Parse() }\n';
    expect(brief(goCliItems('main.go', text))).toEqual(['-addr :5', '-v :6']);
  });

  it('reads nothing from a file that uses neither parser', () => {
    expect(goCliItems('x.go', 'package x\nfunc f() { s.Flags().String("a", "", "") }\n')).toEqual([]);
  });
});

describe('click and argparse', () => {
  it('reads click options, flag pairs, hidden ones, envvar and subcommands', () => {
    const text = [
      'import click', // 1
      '@click.group()', // 2
      '@click.option("--verbose", "-v", is_flag=True)', // 3
      'def cli(verbose): pass', // 4
      '@cli.command()', // 5
      '@click.option("--shout/--no-shout", default=False)', // 6
      '@click.option("--token", envvar="TOOL_TOKEN", metavar="TOKEN", hidden=True)', // 7
      '@click.argument("src")', // 8
      'def sync_files(shout, token, src): pass', // 9
      '@cli.command("ls")', // 10
      'def list_cmd(): pass', // 11
    ].join('\n');
    expect(brief(pythonCliItems('tool/cli.py', text))).toEqual([
      '--verbose -v :3',
      '--shout :6',
      '--no-shout :6',
      '--token <TOKEN> hidden $TOOL_TOKEN :7',
      'cmd sync-files :5',
      'cmd ls :10',
    ]);
  });

  it('reads argparse arguments (positionals left out, SUPPRESS hidden) and subparsers', () => {
    const text = [
      'import argparse',
      'p = argparse.ArgumentParser()',
      'p.add_argument("path")',
      'p.add_argument("-n", "--count", type=int, metavar="N")',
      'p.add_argument("--debug", action="store_true", help=argparse.SUPPRESS)',
      'sub = p.add_subparsers()',
      'sub.add_parser("run", help="run it")',
    ].join('\n');
    expect(brief(pythonCliItems('tool.py', text))).toEqual([
      '--count -n <N> :4',
      '--debug hidden :5',
      'cmd run :7',
    ]);
  });

  it('reads a Python file only when it imports a parser', () => {
    expect(cliItems('a.py', 'p.add_argument("--x")\n')).toEqual([]);
  });
});
