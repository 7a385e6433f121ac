// The conclusion's strengths and advice say only what the findings support.

import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../analyse/types.ts';
import { factsOf } from '../facts.ts';
import { sampleAppAnalysis } from '../test-fixtures.ts';
import type { SectionPlan } from '../types.ts';
import type { WriterContext } from '../writers/context.ts';
import { writeConclusion } from './conclusion.ts';

const plan: SectionPlan = {
  id: '12',
  level: 1,
  title: 'Conclusion',
  kind: 'conclusion',
  evidence: [],
  hasChildren: false,
};

const write = (a: Analysis) =>
  writeConclusion({
    a,
    fx: factsOf(a),
    plan,
    findings: [],
    allFindings: {},
    projectName: 'shop',
  } as unknown as WriterContext);

describe('the conclusion', () => {
  it('says "mainly" of a language only when another shares the product', () => {
    const a = sampleAppAnalysis();
    expect(write(a)).toMatch(/a code base of [\d,]+ lines of code, mainly TypeScript/);
    const one = sampleAppAnalysis();
    one.files = one.files.filter((f) => !f.language || f.path.endsWith('.ts') || f.path.endsWith('.md'));
    expect(write(one)).toMatch(/a code base of [\d,]+ lines of TypeScript\b/);
  });

  it('counts a Dockerfile that packages the product as a container build, never a dev image or a database compose file', () => {
    const a = sampleAppAnalysis();
    expect(write(a)).toContain('a container build');
    const dev: Analysis = {
      ...a,
      containers: [
        { path: '.devcontainer/Dockerfile', kind: 'dockerfile', baseImages: ['java'], exposedPorts: [] },
        { path: 'docker-compose.yml', kind: 'compose', baseImages: ['mysql:9.6'], exposedPorts: [3306] },
      ],
    };
    expect(write(dev)).not.toContain('container build');
  });

  it('says the product is built on the framework or the interface it runs on, not on a router', () => {
    const a: Analysis = {
      ...sampleAppAnalysis(),
      routes: [],
      frameworks: [
        { name: 'Mustermann', category: 'web', role: 'router', evidence: 'tune.gemspec:50' },
        { name: 'Rack', category: 'web', role: 'web-interface', evidence: 'tune.gemspec:51' },
      ],
    };
    expect(write(a)).toContain('built on Rack');
    // a framework only a module the build does not publish declares is not what the product is built on
    a.frameworks = [{ ...a.frameworks[1]!, area: 'unpublished' }];
    expect(write(a)).not.toContain('built on Rack');
  });

  it('names a Go checksum file as checksums, never as a lockfile, and one lockfile by its path', () => {
    const a = sampleAppAnalysis();
    const go = write({
      ...a,
      lockfiles: [{ path: 'go.sum', manager: 'Go modules', ecosystem: 'go' }],
    } as Analysis);
    expect(go).toContain('committed module checksums (`go.sum`)');
    expect(go).not.toContain('committed lockfile');
    const bun = write({
      ...a,
      lockfiles: [{ path: 'bun.lock', manager: 'Bun', ecosystem: 'npm' }],
    } as Analysis);
    expect(bun).toContain('a committed lockfile (`bun.lock`)');
  });
});

describe('the key findings', () => {
  const finding = (statement: string) => ({ statement, citations: [] as string[] });
  const keyPlan: SectionPlan = { ...plan, id: '2', title: 'Key Findings', focus: 'key-findings' };
  const overview: SectionPlan = { ...plan, id: '1', title: 'Purpose and Scope', kind: 'overview' };
  const keyFindings = (report: SectionPlan[]) => {
    const a = sampleAppAnalysis();
    return writeConclusion({
      a,
      fx: factsOf(a),
      plan: keyPlan,
      report,
      findings: [],
      allFindings: {
        technology: [finding('TypeScript makes up the code.')],
        api: [finding('12 HTTP routes are declared.')],
        dependencies: [finding('9 dependencies are declared.')],
        testing: [finding('4 test files hold 20 cases.')],
        security: [finding('No hard-coded secret is written into the code base.')],
      },
      projectName: 'shop',
    } as unknown as WriterContext);
  };

  it('leave out what the overview beside them already tells: languages, interface, dependencies, tests', () => {
    const alone = keyFindings([keyPlan]);
    expect(alone).toContain('- 12 HTTP routes are declared.');
    expect(alone).toContain('- 9 dependencies are declared.');
    const beside = keyFindings([overview, keyPlan]);
    expect(beside).toBe('- No hard-coded secret is written into the code base.');
  });
});
