import { describe, expect, it } from 'vitest';
import { fileModel } from './index.ts';
import { enumKinds, inputLanguage } from './language.ts';

const enumOf = (name: string, kinds: string[]) =>
  [
    `pub(crate) enum ${name}<'src> {`,
    ...kinds.flatMap((k) => [`  /// the ${k} kind`, `  ${k}(Thing<'src>),`]),
    '}',
  ].join('\n');
const settings = ['Export', 'Fallback', 'Quiet', 'Shell', 'Tempdir', 'WorkingDirectory'];
const items = ['Alias', 'Assignment', 'Import', 'Module', 'Recipe', 'Setting'];
const models = () => [
  fileModel('src/item.rs', 'Rust', enumOf('Item', items)),
  fileModel('src/setting.rs', 'Rust', enumOf('Setting', settings)),
  fileModel('src/error.rs', 'Rust', enumOf('CompileError', settings)),
  fileModel('src/color.rs', 'Rust', enumOf('Color', ['Red', 'Green', 'Blue', 'Cyan', 'Black', 'White'])),
  fileModel(
    'src/parser.rs',
    'Rust',
    [
      "fn parse_item(&mut self) -> Result<Item<'src>, CompileError> {",
      '  let set = Setting::Shell(self.parse_shell()?);',
      '  Ok(Item::Setting(set)) // a Color is never chosen here',
      '}',
    ].join('\n'),
  ),
];

describe('enumKinds', () => {
  it('reads the variants at the body indentation, past comments and attributes', () => {
    const lines = [
      'enum Kind {',
      '  #[default]',
      '  /// plain',
      '  Plain,',
      '  Nested {',
      '    Inner: u8,',
      '  },',
      '  Last = 3,',
      '}',
    ];
    expect(enumKinds(lines, 1)).toEqual(['Plain', 'Nested', 'Last']);
  });
});

describe('inputLanguage', () => {
  it('tells the enums the parsing stages choose kinds of, the one holding the others first', () => {
    const found = inputLanguage(models(), ['Lexer.lex', 'Parser.parse'], ['src/parser.rs']);
    // errors are the reading's own, and an enum only mentioned is not read
    expect(found.map((c) => c.name)).toEqual(['Item', 'Setting']);
    expect(found[0]).toEqual({ name: 'Item', path: 'src/item.rs', line: 1, kinds: items });
  });
  it('says nothing where no stage reads text, or where one only parses (a configuration file)', () => {
    expect(inputLanguage(models(), ['Loader.load', 'Runner.run'], ['src/parser.rs'])).toEqual([]);
    expect(inputLanguage(models(), ['Config.parse', 'Router.build'], ['src/parser.rs'])).toEqual([]);
  });
});
