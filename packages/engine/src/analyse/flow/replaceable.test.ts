// Strategies a constructor takes from its options, and the events an emitter type emits for users.

import { describe, expect, it } from 'vitest';
import { blankComments } from '../comments.ts';
import { fileModel } from './index.ts';
import { emittedEvents, optionStrategies } from './replaceable.ts';

const model = (path: string, lines: string[]) =>
  fileModel(path, 'JavaScript', blankComments(lines.join('\n'), 'JavaScript'));

const app = model('lib/app.js', [
  "const Emitter = require('node:events')", // 1
  "const combine = require('combine-fns')",
  '',
  'module.exports = class App extends Emitter {', // 4
  '  constructor (options) {',
  '    super()',
  '    this.proxy = options.proxy || false', // 7
  '    this.combine = options.combine || combine', // 8
  '    this.name = options.name || defaultName',
  '  }',
  '',
  '  handler () {', // 12
  '    const fn = this.combine(this.stack)', // 13
  "    if (!this.listenerCount('error')) this.on('error', this.onerror)", // 14
  '    return fn',
  '  }',
  '',
  '  onerror (err) {', // 18
  "    this.emit('error', err)", // 19
  '  }',
  '}',
]);

describe('option strategies', () => {
  it('finds a constructor field taken from an option, else an imported function, that the class calls', () => {
    expect(optionStrategies([app])).toEqual([
      {
        option: 'options.combine',
        field: 'this.combine',
        fallback: 'combine',
        from: 'combine-fns',
        owner: 'App',
        path: 'lib/app.js',
        line: 8,
        use: { name: 'handler', owner: 'App', path: 'lib/app.js', line: 13 },
      },
    ]);
  });
});

describe('emitted events', () => {
  it('names the events an emitter emits and the listener it adds when users add none', () => {
    expect(emittedEvents([app], ['App'])).toEqual([
      {
        name: 'error',
        owner: 'App',
        path: 'lib/app.js',
        line: 19,
        fallback: {
          name: 'onerror',
          owner: 'App',
          by: { name: 'handler', owner: 'App' },
          path: 'lib/app.js',
          line: 14,
        },
      },
    ]);
  });

  it('names none when no central type is an emitter', () => {
    expect(emittedEvents([app], ['Other'])).toEqual([]);
  });
});
