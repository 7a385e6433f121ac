import { describe, expect, it } from 'vitest';
import { classifyContent, classifyDir, classifyFileName } from './skip-rules.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('minified detection', () => {
  it('keeps a hand-written file that holds one long data literal among short lines', () => {
    const code = `${'fn line() {}\n'.repeat(150)}const COLORS: &str = "${'ow=0:or=0;38;5;16:'.repeat(160)}";\n${'fn more() {}\n'.repeat(200)}`;
    expect(classifyContent(bytes(code).slice(0, 8192), code.length)).toBeNull();
  });

  it('still skips a bundle whose text is one long line', () => {
    const bundle = `/*! banner */\nvar x=${'1+'.repeat(5000)}1;`;
    expect(classifyContent(bytes(bundle).slice(0, 8192), bundle.length)).toBe('minified');
  });

  it('never takes prose for a bundle: a README whose sponsors table is HTML on a few long lines', () => {
    const readme = `<h3 align="center">Sponsors</h3><table><tr>${'<td align="center"><a href="https://example.com/sponsor"><img src="https://example.com/logo.png" alt="Sponsor" width="90"></a></td>'.repeat(80)}</tr></table>\n\n# Project\n\nA promise based client.\n`;
    expect(classifyContent(bytes(readme).slice(0, 8192), readme.length, 'README.md')).toBeNull();
    expect(classifyContent(bytes(readme).slice(0, 8192), readme.length, 'bundle.js')).toBe('minified');
  });
});

describe('build output folders', () => {
  const beside = (files: Record<string, string>) => ({
    names: new Set(Object.keys(files)),
    text: (n: string) => files[n] ?? null,
  });

  it('keeps a build/ of hand-written scripts that a package script runs', () => {
    const pkg = JSON.stringify({ main: 'dist/cjs/index.js', scripts: { build: 'bun ./build/build.ts' } });
    expect(classifyDir('build', beside({ 'package.json': pkg }))).toBeNull();
    // the same package's dist/ is named as its output
    expect(classifyDir('dist', beside({ 'package.json': pkg }))).toBe('generated');
  });

  it('keeps a build/ or dist/ no generator config names', () => {
    expect(classifyDir('build', beside({ 'go.mod': 'module x\n' }))).toBeNull();
    expect(classifyDir('dist', beside({}))).toBeNull();
  });

  it('skips the folder a tool beside it writes into', () => {
    expect(classifyDir('build', beside({ 'build.gradle': '' }))).toBe('generated');
    expect(classifyDir('target', beside({ 'Cargo.toml': '' }))).toBe('generated');
    expect(classifyDir('target', beside({ 'pom.xml': '' }))).toBe('generated');
    expect(
      classifyDir('build', beside({ 'tsconfig.json': '{ "compilerOptions": { "outDir": "./build" } }' })),
    ).toBe('generated');
    expect(
      classifyDir('dist', beside({ 'vite.config.ts': "export default { build: { outDir: 'dist' } }" })),
    ).toBe('generated');
  });

  it('still skips tool caches by name, and decides by name alone without siblings', () => {
    expect(classifyDir('__pycache__', beside({}))).toBe('generated');
    expect(classifyDir('.next', beside({}))).toBe('generated');
    expect(classifyDir('build')).toBe('generated');
  });
});

describe('classifyContent() and UTF-16', () => {
  it('tells UTF-16 text by its byte-order mark, not as binary for its NUL bytes', () => {
    const le = new Uint8Array([0xff, 0xfe, 0x65, 0x00, 0x78, 0x00, 0x70, 0x00]);
    const be = new Uint8Array([0xfe, 0xff, 0x00, 0x65, 0x00, 0x78]);
    expect(classifyContent(le, le.length)).toBe('utf16-text');
    expect(classifyContent(be, be.length)).toBe('utf16-text');
    expect(classifyContent(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]), 6)).toBe('binary');
  });
});

describe('lockfiles', () => {
  it("sets aside every ecosystem's lockfile, Deno's and Nix's among them, and keeps a manifest", () => {
    for (const name of [
      'deno.lock',
      'flake.lock',
      'uv.lock',
      'Cargo.lock',
      'Package.resolved',
      'pnpm-lock.yaml',
    ])
      expect(classifyFileName(name), name).toBe('generated');
    for (const name of ['deno.json', 'flake.nix', 'Cargo.toml', 'Package.swift'])
      expect(classifyFileName(name), name).toBeNull();
  });
});
