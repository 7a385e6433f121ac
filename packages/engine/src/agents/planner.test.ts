import { describe, expect, it } from 'vitest';
import { classifyTitle, focusFor, kindFor, planSections } from './planner.ts';
import { templateOf } from './test-fixtures.ts';
import type { AgentDeps } from './types.ts';

describe('planner', () => {
  it.each([
    ['Executive Summary', 'overview'],
    ['Introduction', 'overview'],
    ['System Architecture', 'architecture'],
    ['Tech Stack', 'technology'],
    ['Frameworks and Libraries', 'technology'],
    ['Third-party Dependencies', 'dependencies'],
    ['REST API', 'api'],
    ['Endpoints', 'api'],
    ['Deployment', 'build-deploy'],
    ['CI/CD Pipeline', 'build-deploy'],
    ['Quality Assurance', 'testing'],
    ['Risks and Technical Debt', 'known-issues'],
    ['Open TODOs', 'known-issues'],
    ['Next steps', 'conclusion'],
    ['Conclusion and Recommendations', 'conclusion'],
    ['Data Model', 'data-model'],
    ['Environment Variables', 'configuration'],
    ['Getting Started', 'getting-started'],
    ['Performance Considerations', 'performance'],
    ['Code Metrics', 'metrics'],
    ['Directory Layout', 'structure'],
    ['Hard-coded Secrets', 'security'],
    ['Components and Modules', 'components'],
    ['Loan Handling Workflow', 'custom'],
  ])('maps "%s" to %s', (title, kind) => {
    expect(classifyTitle(title).kind).toBe(kind);
  });

  it.each(['How It Works', 'Internals', 'Request Lifecycle', 'Execution Flow', 'Data Flow'])(
    'gives "%s" the mechanism of the architecture section',
    (title) => {
      expect(classifyTitle(title).kind).toBe('architecture');
      expect(focusFor(title, 'architecture')).toBe('flow');
    },
  );

  it('lets a vague subsection title take its parent kind, but not a specific one', () => {
    expect(kindFor('Overview', 'security')).toBe('security');
    expect(kindFor('Details', 'api')).toBe('api');
    expect(kindFor('Loan Handling Workflow', 'security')).toBe('security');
    expect(kindFor('Data Model', 'architecture')).toBe('data-model');
    expect(kindFor('Overview')).toBe('overview');
  });

  it('numbers chapters, sections and subsections and sets focus and evidence', async () => {
    const t = templateOf([
      ['Build and Deployment', ['Containers', ['Pipelines', ['Continuous Integration']]]],
      'Unusual Topic',
    ]);
    const plan = await planSections({ template: t }, {} as AgentDeps);
    expect(plan.map((p) => [p.id, p.level, p.kind, p.hasChildren, p.focus])).toEqual([
      ['1', 1, 'build-deploy', true, undefined],
      ['1.1', 2, 'build-deploy', false, 'containers'],
      ['1.2', 2, 'build-deploy', true, 'ci'],
      ['1.2.1', 3, 'build-deploy', false, 'ci'],
      ['2', 1, 'custom', false, undefined],
    ]);
    expect(plan[0]!.evidence).toContain('ci');
    expect(plan[4]!.evidence[0]).toMatch(/retrieval/);
  });
});
