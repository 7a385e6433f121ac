// Upload (/app/upload): the generation form, validated with the same schema the server uses, sent with upload progress.
// Files are checked the moment they are chosen (a ZIP by its first bytes, a template by the server's parser); what
// was typed is kept in this tab, and the session is checked before the upload starts, so an ended session sends the
// user to sign in and back to this form as they left it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileArchive, FolderGit2, HelpCircle } from 'lucide-react';
import {
  GENERIC_TEMPLATE_FILENAME,
  GenerateFormSchema,
  errorMessages,
  messages,
  storageKeys,
  uploadFormMessages,
  uploadMessages,
  type CompanyData,
  type ProjectSource,
} from '@atr/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { authClient } from '../../../lib/auth-client.ts';
import { useAuth } from '../../../lib/auth-context.tsx';
import { endSession } from '../../../lib/api.ts';
import { authConnectionProblem, isReadableMessage, logError } from '../../../lib/user-error.ts';
import { GenerateError, generateReport } from '../api/generate-report.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import {
  checkImages,
  checkLogoSize,
  checkTemplate,
  checkZip,
  lineOf,
  type TemplateCheck,
} from '../lib/check-files.ts';
import { EMPTY_COMPANY, clearDraft, readDraft, writeDraft, type CompanyFields } from '../lib/upload-draft.ts';
import { CostEstimate } from './cost-estimate.tsx';
import { FileField } from './file-field.tsx';
import { YamlHelpContent, TEMPLATE_URL } from './yaml-help-modal.tsx';
import { ZipDropZone } from './zip-drop-zone.tsx';

type CompanyErrorKey = `company.${keyof CompanyData}`;
type Errors = Partial<
  Record<
    | 'projectName'
    | 'zipFileName'
    | 'githubUrl'
    | 'githubToken'
    | 'templateFileName'
    | 'logoMimeType'
    | CompanyErrorKey,
    string
  >
>;

const sourceTabs = [
  { key: 'zip', label: 'ZIP file', icon: <FileArchive aria-hidden="true" className="size-4" /> },
  { key: 'github', label: 'GitHub', icon: <FolderGit2 aria-hidden="true" className="size-4" /> },
] as const;

const companyFields: Array<{
  key: keyof CompanyData;
  label: string;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
}> = [
  { key: 'name', label: 'Company name', autoComplete: 'organization' },
  { key: 'vat', label: 'VAT number' },
  { key: 'address', label: 'Address', autoComplete: 'street-address' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { key: 'email', label: 'E-mail', type: 'email', autoComplete: 'email', placeholder: 'name@company.com' },
  { key: 'website', label: 'Website', type: 'url', autoComplete: 'url', placeholder: 'https://company.com' },
];

/** The server's refusals of the logo itself (decoded at upload), which belong on the logo field. */
const isLogoRefusal = (message: string) =>
  message === uploadMessages.logoNotImage ||
  message === uploadMessages.logoDamaged ||
  /^The logo is \d+ × \d+ pixels/.test(message);

/** Uploads bigger than this show a percentage; small ones finish before it could be read. */
const SHOW_PERCENT_BYTES = 1024 * 1024;

/** The fields whose errors come from the shared schema alone: re-checked as they are edited, cleared once valid. */
const TYPED_KEYS = new Set<keyof Errors>([
  'projectName',
  'githubUrl',
  'githubToken',
  ...(['name', 'vat', 'address', 'phone', 'email', 'website'] as const).map(
    (k): CompanyErrorKey => `company.${k}`,
  ),
]);

/** The server's refusals of the template itself (its parser names a line, or the heading limit). */
const isTemplateRefusal = (message: string) =>
  /^Line \d+: /.test(message) || /^The template has (about )?[\d,]+ headings/.test(message);

/** The schema's issues by form field, the first message of each. */
function issuesByField(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Errors {
  const out: Errors = {};
  for (const issue of issues) {
    const key = (
      issue.path[0] === 'company' ? `company.${String(issue.path[1])}` : String(issue.path[0])
    ) as keyof Errors;
    out[key] ??= issue.message;
  }
  return out;
}

/** The errors to show: those of typed fields re-checked against what the fields hold now. */
function followTyped(errors: Errors, values: () => unknown): Errors {
  const shown = (Object.keys(errors) as Array<keyof Errors>).filter((k) => errors[k] && TYPED_KEYS.has(k));
  if (!shown.length) return errors;
  const parsed = GenerateFormSchema.safeParse(values());
  const now = parsed.success ? {} : issuesByField(parsed.error.issues);
  const next = { ...errors };
  for (const k of shown) next[k] = now[k];
  return next;
}

/** What the template field shows about the chosen template: being read, read, or refused at a line. */
type TemplateState =
  | { file: File; state: 'checking' }
  | ({ file: File; state: 'checked' } & TemplateCheck & { lineText?: string | null });

export function UploadPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user } = useAuth();
  const draftKey = user ? storageKeys.uploadDraft(user.id) : null;
  // The form as the user left it when their session ended (this tab only), when they come back from signing in;
  // any other visit starts empty (and the empty form replaces the old draft).
  const resumed = (useLocation().state as { resumed?: unknown } | null)?.resumed === true;
  const [draft] = useState(() => (draftKey && resumed ? readDraft(sessionStorage, draftKey) : null));
  const [projectName, setProjectName] = useState(draft?.projectName ?? '');
  const [source, setSource] = useState<ProjectSource>(draft?.source ?? 'zip');
  const [zipFile, setZipFile] = useState<File | null>(null);
  const [githubUrl, setGithubUrl] = useState(draft?.githubUrl ?? '');
  const [githubToken, setGithubToken] = useState('');
  const [templateFile, setTemplateFile] = useState<File | null>(null);
  const [images, setImages] = useState<File[]>([]);
  const [imagesNotice, setImagesNotice] = useState<string | null>(null);
  const [imagesProblem, setImagesProblem] = useState<string | null>(null);
  // The operator's upload limits; until they arrive the files are checked again when the form is sent.
  const limits = usePublicConfig().data?.limits ?? null;
  const [logo, setLogo] = useState<File | null>(null);
  // A refused logo stays chosen (and its error shown) until it is replaced or removed, so it is never dropped silently.
  const [rejectedLogo, setRejectedLogo] = useState<File | null>(null);
  const [rejectedLogoMessage, setRejectedLogoMessage] = useState<string>(messages.validation.logoType);
  // The server decodes the logo; its refusal belongs to that file, on the logo field, until the logo changes.
  const [logoRefusal, setLogoRefusal] = useState<{ file: File; message: string } | null>(null);
  const refusedLogoMessage = logoRefusal && logoRefusal.file === logo ? logoRefusal.message : undefined;
  const [company, setCompany] = useState<CompanyFields>(draft?.company ?? EMPTY_COMPANY);
  const [template, setTemplate] = useState<TemplateState | null>(null);
  // The latest chosen ZIP: a slower check of an earlier one must not overwrite its result.
  const zipChoice = useRef<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // The files the kept draft named that have not been chosen again yet: the form says which.
  const missingFiles = [
    !zipFile && source === 'zip' ? draft?.files.zip : undefined,
    !templateFile ? draft?.files.template : undefined,
    !images.length ? draft?.files.images?.join(', ') : undefined,
    !logo && !rejectedLogo ? draft?.files.logo : undefined,
  ].filter((n): n is string => Boolean(n));

  const formValues = () => ({
    projectName,
    projectSource: source,
    zipFileName: zipFile?.name,
    githubUrl,
    githubToken,
    templateFileName: templateFile?.name,
    logoMimeType: (rejectedLogo ?? logo)?.type,
    company,
  });

  // Every change is kept for this tab, so an ended session costs nothing but choosing the files again.
  useEffect(() => {
    if (!draftKey) return;
    writeDraft(sessionStorage, draftKey, {
      projectName,
      source,
      githubUrl,
      company,
      files: {
        zip: zipFile?.name ?? (source === 'zip' ? draft?.files.zip : undefined),
        template: templateFile?.name ?? draft?.files.template,
        images: images.length ? images.map((f) => f.name) : draft?.files.images,
        logo: (logo ?? rejectedLogo)?.name ?? draft?.files.logo,
      },
    });
  }, [
    draftKey,
    draft,
    projectName,
    source,
    githubUrl,
    company,
    zipFile,
    templateFile,
    images,
    logo,
    rejectedLogo,
  ]);

  // A typed field's error follows the field: it changes, or clears, as soon as what is typed changes.
  const shownErrors = followTyped(errors, formValues);

  function switchSource(next: ProjectSource) {
    setSource(next);
    // Spec §2: switching clears the ZIP file and the GitHub errors.
    setZipFile(null);
    setErrors((e) => ({ ...e, zipFileName: undefined, githubUrl: undefined, githubToken: undefined }));
  }

  function chooseZip(file: File) {
    setZipFile(file);
    zipChoice.current = file;
    setErrors((e) => ({ ...e, zipFileName: undefined }));
    void checkZip(file, limits?.zipBytes).then((problem) => {
      if (zipChoice.current === file) setErrors((e) => ({ ...e, zipFileName: problem ?? undefined }));
    });
  }

  /** Reads the template with the server's parser; the result is kept with the file it belongs to. */
  async function readTemplate(file: File): Promise<TemplateCheck> {
    const result = await checkTemplate(file, limits).catch(
      (e: unknown): TemplateCheck => (
        logError('Reading the template failed', e),
        { ok: false, message: uploadFormMessages.templateUnreadable, line: null }
      ),
    );
    const lineText = !result.ok && result.line ? await lineOf(file, result.line) : null;
    setTemplate((t) => (t?.file === file ? { file, state: 'checked', ...result, lineText } : t));
    setErrors((e) => ({ ...e, templateFileName: result.ok ? undefined : result.message }));
    return result;
  }

  function chooseTemplate(file: File | undefined) {
    if (!file) return;
    setTemplateFile(file);
    setTemplate({ file, state: 'checking' });
    setErrors((e) => ({ ...e, templateFileName: undefined }));
    void readTemplate(file);
  }

  function chooseImages(files: File[]) {
    const accepted = files.filter((f) => f.type.startsWith('image/'));
    setImagesNotice(accepted.length < files.length ? messages.validation.imagesSkipped : null);
    setImages(accepted);
    setImagesProblem(checkImages(accepted, limits));
  }

  function chooseLogo(file: File | undefined) {
    if (!file) return;
    const problem = file.type.startsWith('image/')
      ? checkLogoSize(file, limits)
      : messages.validation.logoType;
    if (problem) {
      setLogo(null);
      setRejectedLogo(file);
      setRejectedLogoMessage(problem);
      setErrors((e) => ({ ...e, logoMimeType: problem }));
      return;
    }
    setLogo(file);
    setRejectedLogo(null);
    setErrors((e) => ({ ...e, logoMimeType: undefined }));
  }

  function removeLogo() {
    setLogo(null);
    setRejectedLogo(null);
    setErrors((e) => ({ ...e, logoMimeType: undefined }));
  }

  /** Shows the errors now, so the first field marked invalid in page order can take the focus. */
  function showErrors(next: Errors) {
    flushSync(() => setErrors(next));
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
    first?.scrollIntoView({ block: 'center' });
  }

  /**
   * Asks the auth service whether the session is still good before anything is uploaded. An ended session signs
   * out here (the guard sends the user to sign in and back; the form is kept); returns false when not to go on.
   */
  async function sessionStillValid(): Promise<boolean> {
    const { error } = await authClient.getUser();
    if (!error) return true;
    const connection = authConnectionProblem(error);
    if (connection) {
      setSubmitError(connection);
      return false;
    }
    logError('The session was refused before the upload', error);
    await endSession();
    return false;
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitError(null);
    const parsed = GenerateFormSchema.safeParse(formValues());
    // The files' own checks (already shown when they were chosen) are made again: nothing unchecked is sent.
    const [zipProblem, templateResult] = await Promise.all([
      source === 'zip' && zipFile ? checkZip(zipFile, limits?.zipBytes) : null,
      templateFile && !(template?.file === templateFile && template.state === 'checked')
        ? readTemplate(templateFile)
        : template?.state === 'checked'
          ? template
          : null,
    ]);
    const imagesNow = checkImages(images, limits);
    setImagesProblem(imagesNow);
    const logoNow = logo ? checkLogoSize(logo, limits) : null;
    if (logo && logoNow) chooseLogo(logo);
    const templateProblem = templateResult && !templateResult.ok ? templateResult.message : undefined;
    if (!parsed.success || refusedLogoMessage || logoNow || imagesNow || zipProblem || templateProblem) {
      const next: Errors = parsed.success ? {} : issuesByField(parsed.error.issues);
      if (refusedLogoMessage) next.logoMimeType ??= refusedLogoMessage;
      if (logoNow) next.logoMimeType ??= logoNow;
      if (zipProblem) next.zipFileName ??= zipProblem;
      if (templateProblem) next.templateFileName ??= templateProblem;
      showErrors(next);
      return;
    }
    setErrors({});
    if (!templateFile) return;
    setSubmitting(true);
    if (!(await sessionStillValid())) {
      setSubmitting(false);
      return;
    }
    const total =
      (zipFile?.size ?? 0) + templateFile.size + images.reduce((s, f) => s + f.size, 0) + (logo?.size ?? 0);
    setUploadPercent(total > SHOW_PERCENT_BYTES ? 0 : null);
    try {
      const id = await generateReport(
        {
          projectName,
          projectSource: source,
          zipFile,
          githubUrl,
          githubToken,
          templateFile,
          images,
          companyLogo: logo,
          company: parsed.data.company,
        },
        (p) => total > SHOW_PERCENT_BYTES && setUploadPercent(p),
      );
      if (draftKey) clearDraft(sessionStorage, draftKey);
      await client.invalidateQueries({ queryKey: ['reports'] });
      navigate(`/app/processing/${id}`, { state: { reportName: projectName.trim() } });
    } catch (err) {
      setSubmitting(false);
      setUploadPercent(null);
      logError('Starting the report failed', err);
      // The session ended between the check and the upload: sign in again, back to this form as it is.
      if (err instanceof GenerateError && err.status === 401) return void (await endSession());
      if (err instanceof GenerateError && isTemplateRefusal(err.message)) {
        showErrors({ templateFileName: err.message });
        return;
      }
      if (err instanceof GenerateError && logo && isLogoRefusal(err.message)) {
        setLogoRefusal({ file: logo, message: err.message });
        showErrors({ logoMimeType: err.message });
        return;
      }
      // The server's 4xx messages are catalogue sentences (a bad template names its line); the rest is ours to word.
      if (
        err instanceof GenerateError &&
        err.status >= 400 &&
        err.status < 500 &&
        isReadableMessage(err.message)
      )
        setSubmitError(uploadFormMessages.notStarted(err.message));
      else if (err instanceof GenerateError && err.status === 0) setSubmitError(errorMessages.offline);
      else setSubmitError(errorMessages.serverBusy);
    }
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Generate a new report</h1>
      <p className="mt-2 text-slate-600">
        Upload your project, choose a template, and add your branding. Generation is free.
      </p>

      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        className="mt-8 space-y-6"
        aria-label="Generate report"
      >
        {missingFiles.length > 0 && (
          <Alert tone="info" data-testid="files-not-kept">
            {uploadFormMessages.filesNotKept(missingFiles.join(', '))}
          </Alert>
        )}
        <Card className="space-y-5 p-5 sm:p-6">
          <h2 className="text-base font-semibold text-slate-900">Project</h2>
          <TextField
            label="Project name"
            name="projectName"
            value={projectName}
            onChange={(e) => setProjectName(e.target.value)}
            error={shownErrors.projectName}
            placeholder="My project"
            maxLength={200}
          />
          <Tabs items={sourceTabs} value={source} onChange={switchSource} label="Project source">
            {source === 'zip' ? (
              <ZipDropZone file={zipFile} onFile={chooseZip} error={shownErrors.zipFileName} />
            ) : (
              <div className="space-y-4">
                <TextField
                  label="GitHub repository URL"
                  name="githubUrl"
                  value={githubUrl}
                  onChange={(e) => setGithubUrl(e.target.value)}
                  error={shownErrors.githubUrl}
                  placeholder="https://github.com/owner/repository"
                  inputMode="url"
                  autoComplete="off"
                />
                <TextField
                  label="GitHub token (optional)"
                  name="githubToken"
                  type="password"
                  value={githubToken}
                  onChange={(e) => setGithubToken(e.target.value)}
                  error={shownErrors.githubToken}
                  autoComplete="off"
                  hint={messages.validation.githubTokenHint}
                />
              </div>
            )}
          </Tabs>
        </Card>

        <Card className="space-y-5 p-5 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-base font-semibold text-slate-900">Template</h2>
            {/* -mx-3: the quiet buttons' text lines up with the card's content edge, on the left on phones and the right on wider screens. */}
            <div className="-mx-3 flex flex-wrap gap-1">
              <Button variant="ghost" size="sm" onClick={() => setHelpOpen(true)}>
                <HelpCircle aria-hidden="true" className="size-4" />
                YAML structure help
              </Button>
              <a
                href={TEMPLATE_URL}
                download={GENERIC_TEMPLATE_FILENAME}
                className="inline-flex h-8 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
              >
                <Download aria-hidden="true" className="size-4" />
                Download {GENERIC_TEMPLATE_FILENAME}
              </a>
            </div>
          </div>
          <FileField
            label="YAML template"
            name="template"
            accept=".yaml,.yml"
            onFiles={(f) => chooseTemplate(f[0])}
            chosen={templateFile?.name}
            error={shownErrors.templateFileName}
            hint={
              template?.file === templateFile && !shownErrors.templateFileName
                ? template?.state === 'checking'
                  ? uploadFormMessages.templateChecking
                  : template?.ok
                    ? uploadFormMessages.templateOk(template.chapters)
                    : undefined
                : undefined
            }
          />
          {shownErrors.templateFileName &&
            template?.file === templateFile &&
            template?.state === 'checked' &&
            !template.ok &&
            template.line &&
            template.lineText != null && (
              <pre
                className="-mt-3 overflow-x-auto rounded-lg bg-rose-50 px-3 py-2 font-mono text-xs text-rose-900 ring-1 ring-inset ring-rose-200"
                data-testid="template-error-line"
                aria-label={`Line ${template.line} of the template`}
              >
                <span className="select-none text-rose-700">{template.line} │ </span>
                {template.lineText || ' '}
              </pre>
            )}
        </Card>

        <Card className="space-y-5 p-5 sm:p-6">
          <h2 className="text-base font-semibold text-slate-900">Branding (optional)</h2>
          <FileField
            label="Images"
            name="images"
            accept="image/*"
            multiple
            onFiles={chooseImages}
            chosen={images.length ? images.map((f) => f.name).join(', ') : undefined}
            hint="Place them by file name in the template; the others go to an appendix."
            error={imagesProblem ?? undefined}
          />
          {imagesNotice && <Alert tone="info">{imagesNotice}</Alert>}
          <FileField
            label="Company logo"
            name="company_logo"
            accept="image/*"
            onFiles={(f) => chooseLogo(f[0])}
            chosen={(rejectedLogo ?? logo)?.name}
            onRemove={rejectedLogo || logo ? removeLogo : undefined}
            error={rejectedLogo ? rejectedLogoMessage : (refusedLogoMessage ?? shownErrors.logoMimeType)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            {companyFields.map((f) => (
              <TextField
                key={f.key}
                label={f.label}
                name={`companyData.${f.key}`}
                type={f.type ?? 'text'}
                autoComplete={f.autoComplete}
                value={company[f.key]}
                onChange={(e) => setCompany((c) => ({ ...c, [f.key]: e.target.value }))}
                error={shownErrors[`company.${f.key}`]}
                placeholder={f.placeholder}
                maxLength={f.key === 'email' ? 200 : f.key === 'website' ? 300 : undefined}
              />
            ))}
          </div>
          <p className="text-xs text-slate-500">Empty fields appear as placeholders on the cover page.</p>
        </Card>

        <CostEstimate
          templateFile={templateFile}
          zipFile={source === 'zip' ? zipFile : null}
          github={source === 'github' ? { url: githubUrl, token: githubToken } : null}
        />

        {submitError && <Alert tone="error">{submitError}</Alert>}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <ButtonLink to="/app" variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" loading={submitting}>
            Generate Report
          </Button>
        </div>
      </form>

      <Dialog open={helpOpen} onClose={() => setHelpOpen(false)} title="YAML template structure" size="lg">
        <YamlHelpContent />
      </Dialog>

      {submitting && (
        <div
          role="status"
          aria-live="polite"
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-slate-900/70 px-6 text-center text-white backdrop-blur-sm"
          data-testid="generating-overlay"
        >
          <Spinner className="size-10" />
          <p className="text-lg font-semibold">{messages.report.generating}</p>
          {uploadPercent !== null && uploadPercent < 100 && (
            <div className="w-64 max-w-full">
              <div
                className="h-2 overflow-hidden rounded-full bg-white/20"
                role="progressbar"
                aria-label="Upload progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={uploadPercent}
              >
                <div className="h-full bg-white transition-all" style={{ width: `${uploadPercent}%` }} />
              </div>
              <p className="mt-2 text-sm text-slate-200">Uploading… {uploadPercent}%</p>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
