// The kinds users add their own of: abstract bases the product subclasses several times.

import { describe, expect, it } from 'vitest';
import { blankComments } from '../comments.ts';
import { baseClasses } from './base-classes.ts';
import type { FileModel, Target } from './definitions.ts';
import { fileModel } from './index.ts';

const model = (path: string, lines: string[]) =>
  fileModel(path, 'Python', blankComments(lines.join('\n'), 'Python'));

/** The type map the flow pass builds: each type name to where it is defined. */
function typesOf(models: FileModel[]): Map<string, Target[]> {
  const out = new Map<string, Target[]>();
  for (const file of models)
    for (const def of file.defs)
      if (def.kind === 'type') out.set(def.name, [...(out.get(def.name) ?? []), { file, def }]);
  return out;
}

describe('abstract bases', () => {
  const auth = model('pkg/auth.py', [
    'class AuthBase:',
    '    def __call__(self, r):',
    '        raise NotImplementedError("Auth hooks must be callable.")',
    '',
    'class BasicAuth(AuthBase):',
    '    def __call__(self, r):',
    '        return r',
    '',
    'class ProxyAuth(BasicAuth):',
    '    def __call__(self, r):',
    '        return r',
    '',
    'class Adapter:',
    '    def send(self, r):',
    '        raise NotImplementedError',
    '',
    'class HTTPAdapter(Adapter):',
    '    def send(self, r):',
    '        return r',
  ]);
  const types = model('pkg/types.py', [
    'import abc',
    '',
    'class ParamType(abc.ABC):',
    '    def convert(self, value):',
    '        return value',
    '',
    'class Choice(ParamType):',
    '    pass',
    '',
    'class _Number(ParamType):',
    '    pass',
    '',
    'class IntRange(_Number):',
    '    pass',
    '',
    'class Plain:',
    '    pass',
    '',
    'class One(Plain):',
    '    pass',
    '',
    'class Two(Plain):',
    '    pass',
  ]);
  const models = [auth, types];

  it('finds a base that leaves its work to subclasses, or derives from ABC, once the product subclasses it twice', () => {
    const found = baseClasses(models, typesOf(models), new Set(), new Set(['Choice']), () => 'Its doc.');
    expect(found.map((b) => b.name).sort()).toEqual(['AuthBase', 'ParamType']);
    const param = found.find((b) => b.name === 'ParamType')!;
    // the exported subclass leads, a private one comes last, and one reached through it counts
    expect(param.subclasses).toEqual(['Choice', 'IntRange', '_Number']);
    expect(found.find((b) => b.name === 'AuthBase')).toMatchObject({
      path: 'pkg/auth.py',
      line: 1,
      subclasses: ['BasicAuth', 'ProxyAuth'],
      doc: 'Its doc.',
    });
  });

  it('leaves out a base the report already tells and an error hierarchy', () => {
    const errors = model('pkg/errors.py', [
      'class BaseError(Exception):',
      '    def show(self):',
      '        raise NotImplementedError',
      '',
      'class UsageError(BaseError):',
      '    pass',
      '',
      'class BadParameter(BaseError):',
      '    pass',
    ]);
    const all = [...models, errors];
    const found = baseClasses(all, typesOf(all), new Set(['AuthBase']), new Set(), () => undefined);
    expect(found.map((b) => b.name)).toEqual(['ParamType']);
  });
});
