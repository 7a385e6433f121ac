// Explains the template's report_structure with an example, and offers the generic template.
import { GENERIC_TEMPLATE_FILENAME } from '@atr/shared';

export const TEMPLATE_URL = `/templates/${GENERIC_TEMPLATE_FILENAME}`;

const example = `report_structure:
  - title: Introduction
    sections:
      - title: Purpose of the project
      - title: Scope
  - title: Architecture
    sections:
      - title: Components
        subsections:
          - Backend services
          - title: Data storage
  - title: Conclusions`;

export function YamlHelpContent() {
  return (
    <div className="space-y-3">
      <p>
        The template fixes the chapters of your report. It is a YAML file with one key,{' '}
        <code className="rounded bg-slate-100 px-1">report_structure</code>: a list of chapters, each with a{' '}
        <code className="rounded bg-slate-100 px-1">title</code> and optional{' '}
        <code className="rounded bg-slate-100 px-1">sections</code>. A section has a{' '}
        <code className="rounded bg-slate-100 px-1">title</code> and optional{' '}
        <code className="rounded bg-slate-100 px-1">subsections</code>, written as plain titles or as{' '}
        <code className="rounded bg-slate-100 px-1">{'{title}'}</code> entries.
      </p>
      <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs leading-relaxed text-slate-100">
        {example}
      </pre>
      <p>
        Keys the generator does not know are reported rather than silently dropped, and parse errors name the
        line.
      </p>
      <p>
        Not sure where to start?{' '}
        <a
          href={TEMPLATE_URL}
          download={GENERIC_TEMPLATE_FILENAME}
          className="font-semibold text-indigo-700 underline"
        >
          Download {GENERIC_TEMPLATE_FILENAME}
        </a>
        .
      </p>
    </div>
  );
}
