// The validated report template: chapters → sections → subsections (DESIGN.md "Template YAML").

export interface TemplateSubsection {
  title: string;
}
export interface TemplateSection {
  title: string;
  subsections: TemplateSubsection[];
}
export interface TemplateChapter {
  title: string;
  sections: TemplateSection[];
  /** Names of uploaded images this chapter places (template key `images`), if any. */
  images?: string[];
}
export interface ReportTemplate {
  /** Optional display name and description (template keys `name`, `description`). */
  name?: string;
  description?: string;
  chapters: TemplateChapter[];
  /** Unknown keys found while parsing, reported to the user rather than silently dropped. */
  warnings: string[];
}
