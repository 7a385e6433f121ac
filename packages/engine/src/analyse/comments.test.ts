import { describe, expect, it } from 'vitest';
import { blankComments, codeOnly } from './comments.ts';
import { sourcesFromMap } from './sources.ts';

/** The lines that still hold something after blanking, trimmed. */
const kept = (text: string, language: string) =>
  blankComments(text, language)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

describe('blankComments()', () => {
  it('keeps offsets and line breaks', () => {
    const text = 'a(); // one\r\n/* two\n three */ b();\n';
    const out = blankComments(text, 'JavaScript');
    expect(out).toHaveLength(text.length);
    expect(out.split('\n')).toHaveLength(text.split('\n').length);
    expect(out.indexOf('b();')).toBe(text.indexOf('b();'));
    expect(out).toContain('\r\n');
  });

  it('blanks JS/TS line and block comments but not comment markers inside strings, templates or regexes', () => {
    const text = [
      "const url = 'http://example.com'; // app.get('/a', h)",
      '/** app.post("/b", h) */',
      'const t = `// not a comment ${x}`;',
      'const re = /\\/\\*+/; app.get("/c", h);',
      'const half = a / 2; // process.env.SECRET',
    ].join('\n');
    const out = blankComments(text, 'TypeScript');
    expect(out).toContain("'http://example.com'");
    expect(out).not.toContain('/a');
    expect(out).not.toContain('/b');
    expect(out).toContain('`// not a comment ${x}`');
    expect(out).toContain('app.get("/c", h)');
    expect(out).not.toContain('SECRET');
  });

  it('blanks Go doc comments, keeping raw strings that hold markers', () => {
    const text =
      '// Example:\n//   http.HandleFunc("/x", h)\nvar s = `a // b`\nfunc F() {} /* os.Getenv("X") */\n';
    expect(kept(text, 'Go')).toEqual(['var s = `a // b`', 'func F() {}']);
  });

  it('blanks Rust doc comments and nested block comments; keeps lifetimes, chars and raw strings', () => {
    const text = [
      '/// env::var("HOME")',
      "fn f<'a>(x: &'a str) -> char { '\"' }",
      '/* outer /* inner */ still comment */ let y = 1;',
      'let r = r#"// kept"#;',
      '//! crate doc',
    ].join('\n');
    expect(kept(text, 'Rust')).toEqual([
      "fn f<'a>(x: &'a str) -> char { '\"' }",
      'let y = 1;',
      'let r = r#"// kept"#;',
    ]);
  });

  it('blanks Python comments and docstrings but keeps triple-quoted values and # in strings', () => {
    const text = [
      'def f():',
      '    """Call os.environ["DOC_VAR"] here."""',
      '    x = "#not a comment"  # os.getenv("C")',
      "    q = '''kept'''",
      '    return x',
    ].join('\n');
    const out = blankComments(text, 'Python');
    expect(out).not.toContain('DOC_VAR');
    expect(out).not.toContain('os.getenv');
    expect(out).toContain('"#not a comment"');
    expect(out).toContain("'''kept'''");
  });

  it('treats # as a shell/YAML comment only at a line start or after a space', () => {
    expect(kept('echo ${#arr[@]} # count\n# whole\nA=1\n', 'Bourne Shell')).toEqual([
      'echo ${#arr[@]}',
      'A=1',
    ]);
    expect(kept("key: a#b # note\nother: 'x # y'\n", 'YAML')).toEqual(['key: a#b', "other: 'x # y'"]);
  });

  it('blanks Java comments but keeps strings holding markers and text blocks', () => {
    const text =
      'class A {\n  String u = "http://x/*y";\n  // @GetMapping("/c")\n  String b = """\n  // kept\n  """;\n}\n';
    const out = blankComments(text, 'Java');
    expect(out).toContain('"http://x/*y"');
    expect(out).not.toContain('@GetMapping');
    expect(out).toContain('// kept');
  });

  it('blanks whole prose files and markup comments; leaves unknown languages alone', () => {
    expect(blankComments('# Title\nUse `process.env.X`\n', 'Markdown').trim()).toBe('');
    expect(kept('<a/><!-- <b/> -->\n<c/>', 'XML')).toEqual(['<a/>', '<c/>']);
    expect(blankComments('// x', null)).toBe('// x');
    expect(blankComments('// x', 'Brainfuck')).toBe('// x');
  });

  it('blanks SQL, Ruby =begin blocks and PowerShell block comments', () => {
    expect(kept("SELECT '--x' -- c\n/* d */\n", 'SQL')).toEqual(["SELECT '--x'"]);
    expect(kept('=begin\nENV["A"]\n=end\nputs 1 # x\n', 'Ruby')).toEqual(['puts 1']);
    expect(kept('<# $env:A #>\nWrite-Host 1\n', 'PowerShell')).toEqual(['Write-Host 1']);
    expect(kept("# c\n#[Route('/x')]\nfunction f() {} // d\n", 'PHP')).toEqual([
      "#[Route('/x')]",
      'function f() {}',
    ]);
  });
});

describe('codeOnly', () => {
  it('blanks comments and string bodies, keeping every offset, so only names the code writes remain', () => {
    const text = 'def f():\n    """Group by Context."""\n    x = "Path"  # File\n    return Group()\n';
    const src = sourcesFromMap({ 'a.py': text });
    const code = codeOnly(src, 'a.py', 'Python')!;
    expect(code.length).toBe(text.length);
    expect(code.split('\n').length).toBe(text.split('\n').length);
    expect(code).not.toMatch(/Context|Path|File/);
    expect(code).toContain('return Group()');
  });
});
