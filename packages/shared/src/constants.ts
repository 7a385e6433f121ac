// Business constants of the product (spec §9), shared by the web app, the server and the engine.

/** Fallback prices in EUR cents, used when the server's price table cannot be read. */
export const DEFAULT_PRICES_CENTS = { word: 499, latex: 799 } as const;
export const CURRENCY = 'eur';

export const PASSWORD_MIN_LENGTH = 6;
/** The longest e-mail address SMTP carries (RFC 5321's 256-octet path, less the angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

export const REPORTS_DEFAULT_PAGE = 1;
export const REPORTS_DEFAULT_PER_PAGE = 10;
export const REPORTS_PER_PAGE_OPTIONS = [5, 10, 20, 50] as const;
export const REPORTS_MAX_PER_PAGE = 50;
/** Longest search text for the report list. */
export const REPORTS_SEARCH_MAX = 100;
export const PAGINATION_MAX_BUTTONS = 5;

/** Processing page (spec §4). */
export const STATUS_POLL_MS = 5_000;
/** A status request that has not answered by then is given up (a message and another try), never left spinning. */
export const STATUS_REQUEST_TIMEOUT_MS = 10_000;
/** The largest project ZIP the upload form lets through (the server's default UPLOAD_MAX_ZIP_BYTES). */
export const DEFAULT_UPLOAD_MAX_ZIP_BYTES = 200 * 1024 * 1024;
export const ELAPSED_TICK_MS = 1_000;
export const PROCESSING_START_EXPIRY_MS = 2 * 60 * 60 * 1_000;
export const PIPELINE_STEPS = [
  { key: 'initializing', label: 'Initializing', seconds: 10, baseline: 5 },
  { key: 'personalizing', label: 'Personalizing', seconds: 180, baseline: 25 },
  { key: 'ai_code_analysis', label: 'AI Code Analysis', seconds: 240, baseline: 75 },
  { key: 'generating_markdown', label: 'Report Generation', seconds: 240, baseline: 95 },
  { key: 'building_docx', label: 'Building Documents', seconds: 50, baseline: 100 },
] as const;
export const PIPELINE_TOTAL_SECONDS = 720;
export const PROGRESS_SPEED_FACTOR = 0.6;
export const PROGRESS_STEP_CAP = 0.95;

/** Server step names, in pipeline order. */
export const REPORT_STEPS = [
  'queued',
  'initializing',
  'personalizing',
  'ai_code_analysis',
  'generating_markdown',
  'building_docx',
  'done',
] as const;
export type ReportStep = (typeof REPORT_STEPS)[number];

/** Step name → index of PIPELINE_STEPS (spec §4). */
export const STEP_INDEX: Record<ReportStep, number> = {
  queued: 0,
  initializing: 0,
  personalizing: 1,
  ai_code_analysis: 2,
  generating_markdown: 3,
  building_docx: 4,
  done: 4,
};

export const REPORT_STATUSES = ['processing', 'completed', 'failed', 'cancelled'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Purchase flow (spec §4, §9). */
export const PURCHASE_POLL_DELAY_MS = 10_000;
export const PURCHASE_POLL_INTERVAL_MS = 5_000;
export const PURCHASE_POLL_MAX_MS = 300_000;
/** How often a page waiting on a checkout in its own tab looks whether that tab was closed. */
export const CHECKOUT_TAB_CHECK_MS = 1_000;
/** After the checkout tab closed (or the buyer came back to this tab): asks this many times, this far apart, before saying the payment was not completed. */
export const CHECKOUT_CLOSED_CHECKS = 3;
export const CHECKOUT_CLOSED_CHECK_INTERVAL_MS = 1_500;
/** The BroadcastChannel on which the payment pages tell the buyer's other tabs how a checkout ended. */
export const CHECKOUT_CHANNEL = 'atr-checkout';
export const REPORT_PAYMENT_POLL_INTERVAL_MS = 5_000;
export const REPORT_PAYMENT_POLL_MAX_MS = 600_000;

/** Preview (spec §9). */
export const PREVIEW_MAX_PAGES = 5;
export const PREVIEW_ZOOM_MIN = 0.5;
export const PREVIEW_ZOOM_MAX = 2;
export const PREVIEW_ZOOM_STEP = 0.2;
export const PREVIEW_ZOOM_INITIAL = 1;
export const PREVIEW_RETRY_COUNT = 3;
export const PREVIEW_RETRY_DELAY_MS = 3_000;
export const PREVIEW_RENDER_DEBOUNCE_MS = 100;
export const REPORT_INITIAL_LOAD_DELAY_MS = 500;
export const REPORT_NOT_FOUND_RETRY_MS = 2_000;

/** Auth and account timings (spec §9). */
export const RESET_EMAIL_COOLDOWN_S = 300;
export const SIGNUP_REDIRECT_MS = 5_000;
export const PASSWORD_UPDATE_REDIRECT_MS = 2_000;
export const PAYMENT_SUCCESS_REDIRECT_MS = 2_000;
export const AUTH_API_VERSION = '2024-01-01';

/** Legal facts (spec §1). */
export const TERMS_LAST_UPDATED = 'September 3, 2025';
export const PRIVACY_LAST_UPDATED = 'September 3, 2025';
export const COOKIES_LAST_UPDATED = 'August 9, 2024';
export const MINIMUM_AGE_TERMS = 18;
export const MINIMUM_AGE_PRIVACY = 13;
export const TERMS_CHANGE_NOTICE_DAYS = 30;
export const LIABILITY_CAP_USD = 100;

/** Static marketing claims (spec §1). */
export const MARKETING_CLAIMS = [
  { value: '50+', label: 'Projects analysed' },
  { value: '90%', label: 'Less human intervention' },
  // The spec's claim in its words: true of this product (seconds offline, about two minutes with a model); the
  // processing page still shows estimates measured from real runs.
  { value: 'Under 10 min', label: 'Average processing' },
] as const;

/** Browser storage keys (spec §3). */
export const storageKeys = {
  downloads: (userId: string) => `atr_downloads_${userId}`,
  paymentSession: (reportId: string) => `payment_session_${reportId}`,
  currentReportId: 'current_report_id',
  currentPaymentFormat: 'current_payment_format',
  processing: (reportId: string) => `atr_processing_${reportId}`,
  /** The upload form's entries, kept in this tab (sessionStorage) until the report starts; per user. */
  uploadDraft: (userId: string) => `atr_upload_draft_${userId}`,
  /** This browser has shown the dashboard to the user ("Welcome back" rather than "Welcome"); named by a digest. */
  visited: (userDigest: string) => `atr_visited_${userDigest}`,
  signupComplete: 'atr_signup_complete',
  cookieConsent: 'atr_cookie_consent',
} as const;

export const GENERIC_TEMPLATE_FILENAME = 'generic_template.yaml';
