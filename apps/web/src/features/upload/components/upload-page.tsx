// Upload (/app/upload): the generation form, validated with the same schema the server uses, sent with upload progress.
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileArchive, FolderGit2, HelpCircle } from 'lucide-react';
import {
  GENERIC_TEMPLATE_FILENAME,
  GenerateFormSchema,
  errorMessages,
  messages,
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
import { isReadableMessage, logError } from '../../../lib/user-error.ts';
import { GenerateError, generateReport } from '../api/generate-report.ts';
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

export function UploadPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [projectName, setProjectName] = useState('');
  const [source, setSource] = useState<ProjectSource>('zip');
  const [zipFile, setZipFile] = useState<File | null>(null);
  const [githubUrl, setGithubUrl] = useState('');
  const [githubToken, setGithubToken] = useState('');
  const [templateFile, setTemplateFile] = useState<File | null>(null);
  const [images, setImages] = useState<File[]>([]);
  const [imagesNotice, setImagesNotice] = useState<string | null>(null);
  const [logo, setLogo] = useState<File | null>(null);
  // A refused logo stays chosen (and its error shown) until it is replaced or removed, so it is never dropped silently.
  const [rejectedLogo, setRejectedLogo] = useState<File | null>(null);
  // The server decodes the logo; its refusal belongs to that file, on the logo field, until the logo changes.
  const [logoRefusal, setLogoRefusal] = useState<{ file: File; message: string } | null>(null);
  const refusedLogoMessage = logoRefusal && logoRefusal.file === logo ? logoRefusal.message : undefined;
  const [company, setCompany] = useState<Record<keyof CompanyData, string>>({
    name: '',
    vat: '',
    address: '',
    phone: '',
    email: '',
    website: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  function switchSource(next: ProjectSource) {
    setSource(next);
    // Spec §2: switching clears the ZIP file and the GitHub errors.
    setZipFile(null);
    setErrors((e) => ({ ...e, zipFileName: undefined, githubUrl: undefined, githubToken: undefined }));
  }

  function chooseZip(file: File) {
    setZipFile(file);
    setErrors((e) => ({
      ...e,
      zipFileName: file.name.toLowerCase().endsWith('.zip') ? undefined : messages.validation.zipType,
    }));
  }

  function chooseTemplate(file: File | undefined) {
    if (!file) return;
    setTemplateFile(file);
    setErrors((e) => ({
      ...e,
      templateFileName: /\.ya?ml$/i.test(file.name) ? undefined : messages.validation.templateType,
    }));
  }

  function chooseImages(files: File[]) {
    const accepted = files.filter((f) => f.type.startsWith('image/'));
    setImagesNotice(accepted.length < files.length ? messages.validation.imagesSkipped : null);
    setImages(accepted);
  }

  function chooseLogo(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setLogo(null);
      setRejectedLogo(file);
      setErrors((e) => ({ ...e, logoMimeType: messages.validation.logoType }));
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

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitError(null);
    const parsed = GenerateFormSchema.safeParse({
      projectName,
      projectSource: source,
      zipFileName: zipFile?.name,
      githubUrl,
      githubToken,
      templateFileName: templateFile?.name,
      logoMimeType: (rejectedLogo ?? logo)?.type,
      company,
    });
    if (!parsed.success || refusedLogoMessage) {
      const next: Errors = {};
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const key = (
          issue.path[0] === 'company' ? `company.${String(issue.path[1])}` : String(issue.path[0])
        ) as keyof Errors;
        next[key] ??= issue.message;
      }
      if (refusedLogoMessage) next.logoMimeType ??= refusedLogoMessage;
      showErrors(next);
      return;
    }
    setErrors({});
    if (!templateFile) return;
    setSubmitting(true);
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
      await client.invalidateQueries({ queryKey: ['reports'] });
      navigate(`/app/processing/${id}`);
    } catch (err) {
      setSubmitting(false);
      setUploadPercent(null);
      logError('Starting the report failed', err);
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
        setSubmitError(messages.api.generateFailed(err.message));
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
        <Card className="space-y-5 p-5 sm:p-6">
          <h2 className="text-base font-semibold text-slate-900">Project</h2>
          <TextField
            label="Project name"
            name="projectName"
            value={projectName}
            onChange={(e) => setProjectName(e.target.value)}
            error={errors.projectName}
            placeholder="My project"
            maxLength={200}
          />
          <Tabs items={sourceTabs} value={source} onChange={switchSource} label="Project source">
            {source === 'zip' ? (
              <ZipDropZone file={zipFile} onFile={chooseZip} error={errors.zipFileName} />
            ) : (
              <div className="space-y-4">
                <TextField
                  label="GitHub repository URL"
                  name="githubUrl"
                  value={githubUrl}
                  onChange={(e) => setGithubUrl(e.target.value)}
                  error={errors.githubUrl}
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
                  error={errors.githubToken}
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
            error={errors.templateFileName}
          />
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
          />
          {imagesNotice && <Alert tone="info">{imagesNotice}</Alert>}
          <FileField
            label="Company logo"
            name="company_logo"
            accept="image/*"
            onFiles={(f) => chooseLogo(f[0])}
            chosen={(rejectedLogo ?? logo)?.name}
            onRemove={rejectedLogo || logo ? removeLogo : undefined}
            error={rejectedLogo ? messages.validation.logoType : (refusedLogoMessage ?? errors.logoMimeType)}
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
                onChange={(e) => {
                  setCompany((c) => ({ ...c, [f.key]: e.target.value }));
                  setErrors((er) => ({ ...er, [`company.${f.key}`]: undefined }));
                }}
                error={errors[`company.${f.key}`]}
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
