// The kinds users add their own of: abstract bases the product subclasses several times.

import { describe, expect, it } from 'vitest';
import { blankComments } from '../comments.ts';
import { baseClasses, openMethod, subclassFiles } from './base-classes.ts';
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
  const authLines = [
    'class AuthBase:',
    '    """Base class that all auth implementations derive from"""',
    '',
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
  ];
  const typeLines = [
    'import abc',
    '',
    'class ParamType(abc.ABC):',
    '    """Represents the type of a parameter.',
    '',
    '    To implement a custom type, subclass and implement convert.',
    '    """',
    '',
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
    '',
    'class Node:',
    '    """A node of the tree."""',
    '',
    '    def check(self, tag):',
    '        if not tag:',
    '            raise NotImplementedError',
    '        return tag',
    '',
    'class Leaf(Node):',
    '    pass',
    '',
    'class Branch(Node):',
    '    pass',
    '',
    'class Processor(abc.ABC):',
    '    def run(self):',
    '        pass',
    '',
    'class V1Processor(Processor):',
    '    pass',
    '',
    'class V2Processor(Processor):',
    '    pass',
  ];
  const texts: Record<string, string> = {
    'pkg/auth.py': authLines.join('\n'),
    'pkg/types.py': typeLines.join('\n'),
  };
  const models = [model('pkg/auth.py', authLines), model('pkg/types.py', typeLines)];
  const raw = (p: string) => texts[p];

  it('finds a documented base that leaves its work to subclasses, or derives from ABC, once the product subclasses it twice', () => {
    // `Adapter` has one subclass, `Plain` leaves nothing open, `Node` only raises behind a check and
    // `Processor` is not documented as a base to derive from
    const found = baseClasses(models, typesOf(models), new Set(), new Set(['Choice']), () => 'Its doc.', raw);
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
    const errorLines = [
      'class Failure(Exception):',
      '    """Base class of the errors."""',
      '    def show(self):',
      '        raise NotImplementedError',
      '',
      'class UsageError(Failure):',
      '    pass',
      '',
      'class BadParameter(Failure):',
      '    pass',
    ];
    const all = [...models, model('pkg/errors.py', errorLines)];
    const withErrors = (p: string) => (p === 'pkg/errors.py' ? errorLines.join('\n') : raw(p));
    const found = baseClasses(
      all,
      typesOf(all),
      new Set(['AuthBase']),
      new Set(),
      () => undefined,
      withErrors,
    );
    expect(found.map((b) => b.name)).toEqual(['ParamType']);
  });
});

describe('the files a family of plug-ins derives from a base in', () => {
  const base = model('hc/api/transports.py', [
    'class Transport:',
    '    def __init__(self, channel):',
    '        self.channel = channel',
    '',
    '    def notify(self, flip):',
    '        """Send notification about current status of the check."""',
    '        raise NotImplementedError()',
    '',
    'class HttpTransport(Transport):',
    '    def post(self, url):',
    '        return url',
  ]);
  const slack = model('hc/integrations/slack/transport.py', [
    'class Slackalike(HttpTransport):',
    '    def notify(self, flip):',
    '        return self.post(flip)',
  ]);
  const discord = model('hc/integrations/discord/transport.py', ['class Discord(Slackalike):', '    pass']);
  const email = model('hc/integrations/email/transport.py', [
    'class Email(transports.Transport):',
    '    pass',
  ]);
  const other = model('hc/front/forms.py', ['class NameForm(Form):', '    pass']);

  it('follows subclasses of subclasses and dotted bases, and leaves out unrelated classes', () => {
    expect(subclassFiles([base, slack, discord, email, other], 'Transport')).toEqual([
      'hc/api/transports.py',
      'hc/integrations/discord/transport.py',
      'hc/integrations/email/transport.py',
      'hc/integrations/slack/transport.py',
    ]);
    expect(subclassFiles([base, slack, discord, email, other], 'Email')).toEqual([]);
  });

  it('names the method the base leaves to them, not the ones it implements', () => {
    const def = base.defs.find((d) => d.name === 'Transport')!;
    expect(openMethod({ file: base, def })?.name).toBe('notify');
    const http = base.defs.find((d) => d.name === 'HttpTransport')!;
    expect(openMethod({ file: base, def: http })).toBeUndefined();
  });
});
