// The prototypes of the objects a JavaScript product makes for each unit of work, and what they delegate.

import { describe, expect, it } from 'vitest';
import { blankComments } from '../comments.ts';
import { fileModel } from './index.ts';
import { prototypes } from './prototypes.ts';

const model = (path: string, lines: string[]) =>
  fileModel(path, 'JavaScript', blankComments(lines.join('\n'), 'JavaScript'));

const app = model('lib/app.js', [
  "const context = require('./context')", // 1
  "const helpers = require('some-helpers')",
  '',
  'module.exports = class App {', // 4
  '  constructor () {',
  '    this.context = Object.create(context)', // 6
  '    this.helpers = Object.create(helpers)',
  '  }',
  '',
  '  handle (req) {', // 10
  '    const ctx = Object.create(this.context)', // 11
  '    ctx.helpers = Object.create(this.helpers)',
  '    return ctx',
  '  }',
  '}',
]);
const context = model('lib/context.js', [
  "const delegate = require('delegates')", // 1
  'const proto = module.exports = {',
  '  get cookies () {',
  '    return 1',
  '  }',
  '}',
  '',
  "delegate(proto, 'response')", // 8
  "  .method('redirect')",
  "  .access('body')",
  '',
  "delegate(proto, 'request')", // 12
  "  .getter('host')",
]);

describe('prototypes', () => {
  it('finds the product file a main-path step makes each object from, with what it delegates', () => {
    const path = [{ name: 'handle', owner: 'App', path: 'lib/app.js', line: 10 }];
    expect(prototypes([app, context], path)).toEqual([
      {
        path: 'lib/context.js',
        name: 'context',
        members: ['cookies'],
        by: { name: 'handle', owner: 'App', path: 'lib/app.js', line: 11 },
        delegates: [
          { to: 'response', members: 2, line: 8 },
          { to: 'request', members: 1, line: 12 },
        ],
      },
    ]);
  });

  it('counts a method named for a keyword and a property that is another function among its members', () => {
    const ctx = model('lib/context.js', [
      "const httpAssert = require('http-assert')",
      'module.exports = {',
      '  assert: httpAssert,',
      '  throw (...args) {',
      '    throw new Error(args[0])',
      '  },',
      '  onerror (err) {',
      '    if (!err) return',
      '  },',
      '}',
    ]);
    const path = [{ name: 'handle', owner: 'App', path: 'lib/app.js', line: 10 }];
    expect(prototypes([app, ctx], path)[0]!.members.sort()).toEqual(['assert', 'onerror', 'throw']);
  });

  it('finds none off the main path', () => {
    expect(prototypes([app, context], [])).toEqual([]);
  });
});
