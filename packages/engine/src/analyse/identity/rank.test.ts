import { describe, expect, it } from 'vitest';
import type { SymbolInfo } from '../types.ts';
import { firstSentence, headerSummary, pageRank, referenceGraph, workLines, workWeight } from './rank.ts';

const sym = (path: string, name: string): SymbolInfo => ({
  path,
  name,
  kind: 'class',
  line: 1,
  exported: true,
});

describe('key components by PageRank', () => {
  const texts: Record<string, string> = {
    'src/main.ts': 'const cfg = new Configuration(); runWalker(cfg); printOutput();',
    'src/walker.ts': 'export function runWalker(c: Configuration) { printOutput(); }',
    'src/config.ts': 'export class Configuration {}',
    'src/output.ts': 'export function printOutput() { const c: Configuration = x; }',
    'src/unused.ts': 'export function lonely() {}',
  };
  const symbols = [
    sym('src/walker.ts', 'runWalker'),
    sym('src/config.ts', 'Configuration'),
    sym('src/output.ts', 'printOutput'),
    sym('src/unused.ts', 'lonely'),
  ];
  const files = Object.keys(texts);
  const graph = referenceGraph(files, (p) => texts[p] ?? null, symbols, []);

  it('draws an edge from a file to the file defining an identifier it uses', () => {
    expect([...(graph.edges.get('src/main.ts')?.keys() ?? [])].sort()).toEqual([
      'src/config.ts',
      'src/output.ts',
      'src/walker.ts',
    ]);
    expect(graph.edges.get('src/unused.ts')).toBeUndefined();
  });

  it('takes a name several files define from the one the user imports', () => {
    const t: Record<string, string> = {
      'app/page.ts': 'import { createClient } from "../utils/server"; createClient();',
      'utils/server.ts': 'export const createClient = () => 1;',
      'utils/browser.ts': 'export const createClient = () => 2;',
    };
    const g = referenceGraph(
      Object.keys(t),
      (p) => t[p] ?? null,
      [sym('utils/server.ts', 'createClient'), sym('utils/browser.ts', 'createClient')],
      [{ from: 'app/page.ts', specifier: '../utils/server', line: 1, resolved: 'utils/server.ts' }] as never,
    );
    expect([...(g.edges.get('app/page.ts')?.keys() ?? [])]).toEqual(['utils/server.ts']);
  });

  it('ranks the most referenced definitions first and an unreferenced file last', () => {
    const rank = pageRank(graph);
    const order = [...rank].sort((a, b) => b[1] - a[1]).map(([p]) => p);
    expect(order[0]).toBe('src/config.ts');
    expect(order.indexOf('src/output.ts')).toBeLessThan(order.indexOf('src/walker.ts'));
    expect(order.at(-1)).toBe('src/unused.ts');
    expect([...rank.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
  });

  it('is personalised by the seeds', () => {
    const g = referenceGraph(['a.ts', 'b.ts'], () => '', [], []);
    const r = pageRank(g, ['b.ts']);
    expect(r.get('b.ts')!).toBeGreaterThan(r.get('a.ts')!);
  });
});

describe('header summaries', () => {
  it('takes the first sentence of the header comment, skipping a licence header', () => {
    const js =
      '// Copyright 2013 The Authors. Licensed under the Apache License.\n\n// Walks directory trees in parallel. It is fast.\nimport x from "y";\n';
    expect(headerSummary(js)).toBe('Walks directory trees in parallel.');
  });

  it("leaves out the authors' credits and a block that only imports types for the editor", () => {
    const dts = [
      '// Type definitions for tool',
      '// Original definitions by: Ann <https://github.com/ann>, Bo <https://github.com/bo>',
      '',
      'export class Command {}',
    ].join('\n');
    expect(headerSummary(dts)).toBe('Type definitions for tool');
    const js = [
      "import { name } from './argument.js';",
      '',
      '/**',
      ' * TypeScript import types for JSDoc, used by Visual Studio Code IntelliSense',
      ' * @typedef { import("./command.js").Command } Command',
      ' */',
      '',
      'export class Help {}',
    ].join('\n');
    expect(headerSummary(js)).toBeUndefined();
  });

  it('skips a label that heads the requires rather than describing the file', () => {
    expect(headerSummary("# external dependencies\nrequire 'rack'\nrequire 'tilt'\n")).toBeUndefined();
  });

  it('skips a header that is only a link to where the code came from', () => {
    const js = '// https://github.com/acme/delay/tree/ab98ae8\n\nexport function delay(ms) {}\n';
    expect(headerSummary(js)).toBeUndefined();
    expect(headerSummary('// Waits for a while. See https://example.com/x\nexport const a = 1;\n')).toBe(
      'Waits for a while.',
    );
  });

  it('skips magic comments that set how the interpreter reads the file', () => {
    expect(headerSummary('# frozen_string_literal: true\n\nrequire "rack"\n')).toBeUndefined();
    const rb =
      '# frozen_string_literal: true\n# Serves static files from the public folder.\nmodule Tune\nend\n';
    expect(headerSummary(rb)).toBe('Serves static files from the public folder.');
  });

  it('never describes a Go file by the comment on its package clause, which documents the package', () => {
    const go = '// Package walk walks directory trees in parallel.\npackage walk\n\nfunc Walk() {}\n';
    expect(headerSummary(go)).toBeUndefined();
  });

  it('reads a docstring with reStructuredText fields and roles as its prose', () => {
    const py =
      '"""\nrequests.api\n~~~~~~~~~~~~\n\nThis module implements the Requests API.\n\n:copyright: (c) 2012 by Kenneth Reitz.\n:license: Apache2, see LICENSE for more details.\n"""\n';
    expect(headerSummary(py)).toBe('This module implements the Requests API.');
    const roles = '"""Sends a :class:`Request` with the :meth:`~Session.send` method, e.g. a GET. More."""\n';
    expect(headerSummary(roles)).toBe('Sends a Request with the Session.send method, e.g. a GET.');
  });

  it('skips a credit to the work a file started from and a TODO', () => {
    const go =
      'package chi\n\n// Radix tree implementation below is based on the original work by A. Person.\n\nfunc f() {}\n';
    expect(headerSummary(go)).toBeUndefined();
    expect(headerSummary('// TODO: split this file.\nexport const a = 1;\n')).toBeUndefined();
    expect(headerSummary('/**\n * Module variables.\n */\nvar a = 1;\n')).toBeUndefined();
  });

  it('reads Javadoc markup as the words it marks', () => {
    const java =
      'package org.x;\n\n/**\n * Repository class for <code>Owner</code> domain objects, see {@link Owner}.\n */\npublic interface OwnerRepository {}\n';
    expect(headerSummary(java)).toBe('Repository class for Owner domain objects, see Owner.');
  });

  it('reads Python docstrings and Rust inner doc comments', () => {
    expect(headerSummary('"""Parses command lines into options. More."""\nimport os\n')).toBe(
      'Parses command lines into options.',
    );
    expect(headerSummary('//! Configuration shared by the walker and the printer.\nuse std::fs;\n')).toBe(
      'Configuration shared by the walker and the printer.',
    );
  });

  it('ignores comments about code below the imports and boilerplate headers', () => {
    expect(
      headerSummary("'use strict';\n\n/**\n * Module dependencies.\n */\n\nconst x = require('x');\n"),
    ).toBeUndefined();
    expect(headerSummary('import os\n\n# a helper for the loop below\nx = 1\n')).toBeUndefined();
    expect(
      headerSummary(
        'use std::thread;\n\n/// The receiver thread can either buffer or stream.\nenum ReceiverMode {}\n',
      ),
    ).toBeUndefined();
  });
});

describe('work a file does', () => {
  it('counts the lines of function bodies, not declarations, types or module-level code', () => {
    const python = [
      'class NotFound(Exception):',
      '    pass',
      '',
      'def handle(x):',
      '    y = x + 1',
      '    return y',
      '',
      'if TYPE_CHECKING:',
      '    Alias = int',
      '    Other = str',
    ].join('\n');
    // the two lines of `handle`, not the TYPE_CHECKING block after it
    expect(workLines(python, 'Python')).toBe(2);
    const types = 'export interface Router {\n  match(path: string): string\n}\nexport type H = () => void\n';
    expect(workLines(types, 'TypeScript')).toBe(0);
    // a tab is measured as the definitions measure it
    expect(workLines('package x\n\nfunc F() int {\n\ta := 1\n\treturn a\n}\n', 'Go')).toBe(2);
    expect(workLines('anything', 'Markdown')).toBeUndefined();
  });

  it('counts a tiny or declaration-only file less, and a file that does work in full', () => {
    expect(workWeight(0)).toBeLessThan(0.3);
    expect(workWeight(10)).toBeLessThan(0.5);
    expect(workWeight(200)).toBe(1);
    expect(workWeight(undefined)).toBe(1);
  });
});

describe('firstSentence()', () => {
  it('ends where its author left out a full stop before a word that opens sentences', () => {
    expect(
      firstSentence(
        'Repository class for Vet domain objects All method names are compliant with Spring Data naming conventions.',
      ),
    ).toBe('Repository class for Vet domain objects.');
    // a capitalised name inside a sentence is no sentence start
    expect(firstSentence('Reads the Vet records from the store. Then more.')).toBe(
      'Reads the Vet records from the store.',
    );
  });
});
