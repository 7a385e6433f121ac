// The passes that look for code do not read comments, docstrings or prose.
import { describe, expect, it } from 'vitest';
import { envVarsPass } from './env-vars.ts';
import { languagesPass } from './languages.ts';
import { routesPass } from './routes.ts';
import { secretsPass } from './secrets.ts';
import { sourcesFromMap } from './sources.ts';
import { symbolsPass } from './symbols.ts';

const FILES: Record<string, string> = {
  'command.go': [
    'package cobra',
    '',
    'import (',
    '\t"fmt"',
    '\t// "net/http"',
    '',
    '\t"github.com/spf13/pflag"',
    ')',
    '',
    '// Example of a handler:',
    '//',
    '//\thttp.HandleFunc("/doc-route", handler)',
    '//\tport := os.Getenv("DOC_PORT")',
    '/* r.GET("/block-route", h) */',
    'func Run() { fmt.Println(os.Getenv("REAL_GO_VAR"), "http://x/*y") }',
    'func serve() { http.HandleFunc("/real", h) }',
  ].join('\n'),
  'src/app.js': [
    "const koa = require('koa');",
    "// const docs = require('./docs-only');",
    '/**',
    " * app.get('/jsdoc-route', handler)",
    ' * process.env.JSDOC_VAR',
    ' */',
    "router.get('/real-js', list); // router.post('/trailing', h)",
    "const url = 'http://example.com/api'; const port = process.env.PORT;",
  ].join('\n'),
  'pkg/core.py': [
    'import os',
    '# import requests',
    'def f():',
    '    """Example::',
    '',
    '        @app.route("/docstring-route")',
    '        os.environ["DOCSTRING_VAR"]',
    '        password = "hunter2hunter2Xy9z"',
    '    """',
    '    return os.getenv("REAL_PY_VAR")',
  ].join('\n'),
  'src/lib.rs':
    '/// ```\n/// let k = std::env::var("RUST_DOC_VAR");\n/// ```\npub fn k() -> String { std::env::var("RUST_REAL_VAR").unwrap() }\n',
  'docs/guide.md': [
    '# Guide',
    'Set `api_key = "a8f5f167f44f4964e6c998dee827110c"` in your config.',
    'A key that leaked into the docs: AKIA1234567890ABCDEF',
    "app.get('/markdown-route', h)",
  ].join('\n'),
  'src/config.ts': [
    '// const apiKey = "9f8e7d6c5b4a39281706f5e4d3c2b1a0";',
    'const clientSecret = "Zx81kQ02mfP9aL55tR3w";',
  ].join('\n'),
};

describe('passes that look for code skip comments, docstrings and prose', () => {
  const src = sourcesFromMap(FILES);
  const { files } = languagesPass(src);
  const sym = symbolsPass(src, files);

  it('finds routes only in code', () => {
    const paths = routesPass(src, files, sym.imports)
      .map((r) => r.path)
      .sort();
    expect(paths).toEqual(['/real', '/real-js']);
  });

  it('finds env vars only in code', () => {
    const names = envVarsPass(src, files)
      .map((v) => v.name)
      .sort();
    expect(names).toEqual(['PORT', 'REAL_GO_VAR', 'REAL_PY_VAR', 'RUST_REAL_VAR']);
  });

  it('finds imports only in code', () => {
    const specs = sym.imports.map((i) => i.specifier).sort();
    expect(specs).toEqual(['fmt', 'github.com/spf13/pflag', 'koa', 'os']);
    // an import after a blank line in a Go import block is cited on its own line
    expect(sym.imports.find((i) => i.specifier === 'github.com/spf13/pflag')?.line).toBe(7);
  });

  it('reports secrets from comments and docs only when they have a real token format', () => {
    const found = secretsPass(src, files).findings.map((f) => `${f.kind} ${f.file}:${f.line}`);
    expect(found).toEqual(['AWS access key docs/guide.md:3', 'Generic secret src/config.ts:2']);
  });
});
