// The validated report template, defined beside its parser in the shared package.
export type {
  ReportTemplate,
  TemplateChapter,
  TemplateSection,
  TemplateSubsection,
} from '@atr/shared/template';
