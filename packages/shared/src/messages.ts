// Every user-facing text of the product (spec §5, §8), in one place so screens and API agree.

export const messages = {
  validation: {
    fillAllFields: 'Please fill in all fields',
    passwordsDoNotMatch: 'Passwords do not match',
    passwordTooShort: 'Password must be at least 6 characters',
    newPasswordTooShort: 'Password must be at least 6 characters long',
    emailRequired: 'Please enter your email address',
    invalidEmail: 'Please enter a valid email address.',
    emailTooLong: 'Email address must be at most 254 characters',
    projectNameRequired: 'Project name is required',
    zipRequired: 'Project ZIP file is required',
    zipType: 'Please select a ZIP file',
    githubUrlRequired: 'GitHub URL is required',
    githubUrlInvalid: 'Please enter a valid GitHub repository URL',
    githubTokenInvalid: 'Please enter a valid GitHub token',
    githubTokenHint:
      'Only for private repositories: a personal access token (fine-grained github_pat_… or classic ghp_…). It is used for this download only.',
    companyEmailInvalid: 'Please enter a valid e-mail address, like name@company.com.',
    companyWebsiteInvalid: 'Please enter a valid website address, like https://company.com.',
    templateRequired: 'YAML template file is required',
    templateType: 'Please select a YAML file',
    imagesSkipped: 'Some files were not images and were skipped',
    logoType: 'Please select an image file',
    projectAndTemplateRequired: 'Please provide project name and template file.',
    invalidReportId: (id: string) => `Invalid report ID format: ${id}`,
    invalidReportIdShort: 'Invalid report ID format',
    authRequired: 'User must be authenticated',
    fullNameTooLong: 'Full name must be at most 100 characters',
    controlCharacter: (field: string, char: string) =>
      `${field} contains a control character (${char}); remove it and try again.`,
  },
  login: {
    invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
    emailNotConfirmed: 'Please check your email and confirm your account before logging in.',
    tooManyAttempts: 'Too many login attempts. Please wait a moment and try again.',
    noAccount: 'No account found with this email address.',
    invalidEmail: 'Please enter a valid email address.',
    invalidPassword: 'Invalid password. Please check your password and try again.',
    failed: (message: string) => `Login failed: ${message}`,
    unexpected: 'An unexpected error occurred. Please try again.',
  },
  account: {
    createFailed: 'Failed to create account',
    signupFailed: 'Signup failed',
    confirmEmail: 'Please check your email to confirm your account before logging in',
    resetEmailFailed: 'Failed to send reset email',
    resetFailed: 'Password reset failed',
    updatePasswordFailed: 'Failed to update password',
    passwordUpdateFailed: 'Password update failed',
    mailSent: 'Mail sent! You can request another one in 5 minutes.',
    profileUpdated: 'Profile updated successfully!',
    profileUpdateFailed: 'Failed to update profile',
    passwordUpdated: 'Password updated successfully. Please sign in with your new password.',
    currentPasswordRequired: 'Please enter your current password to change it.',
    currentPasswordWrong: 'Your current password is not correct. Please check it and try again.',
    recoveryExpired:
      'Your password reset link has expired for changing the password. Enter your current password, or request a new reset link.',
    accountCreated: 'Account created. Please confirm your email, then sign in.',
  },
  api: {
    requestFailed: (status: number, body: string) => `API request failed: ${status} ${body}`,
    generationFailed: (status: number, body: string) => `Generation failed: ${status} ${body}`,
    downloadFailed: (status: number) => `Download failed: ${status}`,
    deleteFailed: 'Delete failed',
    deleteFailedAlert: 'Failed to delete report. Please try again.',
    noCheckoutUrl: 'No checkout URL received from backend',
    startGenerationFailed: 'Failed to start report generation. Please try again.',
    uploadFailed: (message: string) => `Upload failed: ${message}`,
    confirmDelete: 'Are you sure you want to delete this report?',
    notFound: 'Not found',
    internal: 'Something went wrong on our side. Please try again.',
    badRequest: 'The request is not valid.',
    tooManyRequests: 'Too many requests. Please wait a moment and try again.',
    payloadTooLarge: 'The upload is larger than allowed.',
    requestTooLarge: 'The request is larger than allowed.',
  },
  purchase: {
    failedWith: (error: string) => `Failed to purchase download: ${error}`,
    failedRetry: 'Failed to purchase download. Please try again.',
    failed: 'Purchase failed',
    failedFormat: (format: string) => `Failed to purchase ${format} download`,
    mustPurchase: (format: string) => `You need to purchase this ${format} download first`,
    downloadFailed: (format: string, message: string) => `Failed to download ${format} file: ${message}`,
    verificationFailed: (status: number) => `Payment verification failed: ${status}`,
    notConfirmed: 'Payment not confirmed by backend',
    tooManyProviderCalls: 'Too many payment requests in a short time. Please wait a minute and try again.',
    noSession:
      'No payment session found. The payment may have already been processed or the session expired.',
    /** The page's heading already says "No payment session found": the sentence below it says the rest. */
    noSessionTitle: 'No payment session found',
    noSessionDetail: 'The payment may have already been processed or the session expired.',
    alreadyPaid: 'This format is already paid for this report. You can download it any time.',
    reportNotCompleted: 'The report is not ready yet. You can buy a download once it has completed.',
  },
  report: {
    notFound: 'Report not found',
    notFoundTitle: 'Report Not Found',
    loadFailed: 'Failed to load report',
    failedDefault:
      'The report failed to generate due to an unknown error. Please try generating a new report.',
    failedPage: 'There was an error generating your technical report. Please try again or contact support.',
    generationFailed: 'Report generation failed',
    pollingError: 'We have encountered a problem while crafting your report. Please try again.',
    failureModalTitle: 'Report Generation Failed',
    empty: 'No reports yet',
    generating: 'Our AI Agents are generating your report...',
    cancelled: 'Report generation was cancelled.',
    crashedTwice:
      'This report could not be generated: its run stopped the report engine twice (it ran out of memory or crashed). Try a smaller project or a shorter template.',
    timedOut: (minutes: number) =>
      `Generating this report took longer than ${minutes} minutes, so it was stopped. Try a smaller project or a shorter template.`,
  },
  preview: {
    notAvailable: 'PDF preview not available for this report - it may still be processing.',
    loadFailed: (message: string) => `Failed to load PDF preview: ${message}`,
    renderFailed: (message: string) => `Render failed: ${message}`,
    noData: 'No PDF data provided',
    invalidType: 'Invalid PDF data type',
    invalidBase64: 'Invalid base64 string provided',
    decodeFailed: 'Failed to decode PDF data',
    fileNotFound: 'PDF file not found',
  },
  other: {
    unknownDate: 'Unknown',
    invalidDate: 'Invalid Date',
    unknownStatus: 'Unknown',
  },
} as const;

/** Status and feedback texts of the web app's screens (loading, empty and success states). */
export const uiMessages = {
  loading: 'Loading…',
  checkingSession: 'Checking your session…',
  finishingLogin: 'Finishing login…',
  signingIn: 'Signing in…',
  signedOut: 'You have been signed out.',
  loadFailedRetry: 'This could not be loaded. Please try again.',
  retry: 'Try again',
  pricingFallback: 'Showing standard prices: current prices could not be loaded.',
  contactUnavailable: 'Contact details could not be loaded right now. Please try again later.',
  signupEmailSentTitle: 'Check your email',
  signupEmailSent: (email: string) =>
    `We sent a confirmation link to ${email}. Open it to activate your account, then sign in.`,
  signupRedirecting: (seconds: number) => `Taking you to the login page in ${seconds} s…`,
  resetIntro: "Enter the e-mail address of your account and we'll send you a link to choose a new password.",
  resetSendAgain: 'Send again',
  resetCountdown: (time: string) => `You can request another e-mail in ${time}.`,
  resetNewPasswordIntro: 'Choose a new password for your account.',
  resetRedirecting: 'Password updated. Taking you to the login page…',
  profileEmailReadOnly: 'Your e-mail address identifies your account and cannot be changed here.',
  noPurchases: 'No purchases yet',
  noPurchasesHint:
    'When you buy a Word or LaTeX download of a report, it appears here and can be downloaded again at any time.',
  noReportsHint: 'Generate your first technical report from a ZIP file or a GitHub repository.',
  cookieBanner: 'Essential cookies keep you signed in; functionality cookies only with your consent.',
  cookieAccept: 'Accept all',
  cookieReject: 'Reject non-essential',
  notFoundTitle: 'Page not found',
  notFound: 'The page you are looking for does not exist or has moved.',
} as const;

/**
 * What a user reads when something fails: a sentence saying what happened and what to do next. The technical
 * detail (status, body, stack) goes to the browser console, never on screen.
 */
export const errorMessages = {
  reportsLoadFailed: 'Your reports could not be loaded',
  purchasesLoadFailed: 'Your purchases could not be loaded',
  offline: 'We could not reach ATR. Check your internet connection, then try again.',
  serverBusy: 'Something went wrong on our side. Please try again in a moment.',
  unreadable: 'The server sent an answer we could not read. Please reload the page.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  forbidden: 'You do not have access to this.',
  notFound: 'We could not find this. It may have been deleted.',
  rejected: 'The request was not accepted. Please check what you entered and try again.',
  unexpected: 'Something went wrong. Please try again.',
  githubUnreachable:
    'We could not reach GitHub to download the repository. Check the repository address and try again in a few minutes.',
  serviceUnreachable:
    'We could not reach a service this report needs (the code host or the AI model). Please try again in a few minutes.',
  githubAccess:
    'GitHub refused access to the repository. Check the address, and for a private repository give a token that can read it.',
  chunkTitle: 'This page could not be loaded',
  chunkBody:
    'The connection to ATR seems to be down, so this screen could not be downloaded. Check your internet connection, then retry.',
  chunkRetry: 'Retry',
  crashTitle: 'This page stopped working',
  crashBody:
    'Something unexpected went wrong on this screen. Reloading usually fixes it; your reports are safe.',
} as const;

/** What the sign-in and reset screens say when an e-mail link could not be used, and the way to a new one. */
export const linkMessages = {
  confirmationExpiredTitle: 'This confirmation link has expired or was already used',
  confirmationExpired:
    'If you already confirmed your account, just sign in. Otherwise enter your e-mail address below and send yourself a new confirmation link.',
  resetExpiredTitle: 'This password reset link has expired or was already used',
  resetExpired: 'Each reset link works once and for a limited time. Send yourself a new one below.',
  /** A used or expired reset link opened while signed in: the link changes nothing; the form needs the current password. */
  resetExpiredSignedIn:
    'Each reset link works once and for a limited time. You are still signed in, so you can change your password below with your current one.',
  sendConfirmation: 'Send a new confirmation link',
  confirmationSent: (email: string) =>
    `If ${email} has an account waiting for confirmation, a new link is on its way. Check your inbox and your spam folder.`,
} as const;

/** Texts of the report and payment screens that the spec leaves to us (states, hints, tips). */
export const reportUiMessages = {
  /** The banner on every payment screen while the server runs the built-in test checkout (PAYMENTS=test). */
  testModeTitle: 'Test mode — no real payments',
  testModeDetail:
    'No payment provider is set up here: checkout charges nothing and unlocks downloads for free.',
  redirectingToPayment: 'Redirecting to payment page...',
  verifyingPayment: 'Verifying your payment…',
  paymentConfirmed: 'Payment confirmed',
  paymentConfirmedDetail: (format: string) =>
    `Your ${format} download is unlocked. Taking you to your report…`,
  paymentInProgress: 'Payment in progress…',
  checkingPayment: 'Checking payment…',
  paymentCancelledTitle: 'Payment cancelled',
  paymentCancelledDetail: (format: string, report: string | null) =>
    `You were not charged. The ${format} download${report ? ` of “${report}”` : ''} is still there to buy whenever you want it.`,
  paymentCancelledNoReport: 'You were not charged. Your reports and their downloads are on the dashboard.',
  paymentCancelledHint: 'You can close this tab, or go back to the report from here.',
  checkoutCancelled: (format: string) =>
    `Payment cancelled: nothing was charged. You can buy ${format} again at any time.`,
  checkoutAbandoned: (format: string) =>
    `Payment not completed: the checkout was closed before paying. You can buy ${format} again at any time.`,
  checkoutNotCompleted: (format: string) =>
    `The ${format} payment is not completed yet. If you are still paying in the other tab, this page updates when it is done; otherwise, buy again.`,
  checkoutTimedOut: (format: string) =>
    `We have not heard back from the checkout. If you paid, your ${format} download appears here within a minute; otherwise, buy again.`,
  checkoutStartFailed: (format: string, reason: string) =>
    `The ${format} checkout could not be started. ${reason}`,
  /** Our server answered, but the payment provider did not (502 payment_provider_error). */
  paymentProviderUnreachable:
    'The payment provider did not answer. Nothing was charged; please try again in a few minutes.',
  downloadFailed: (format: string, reason: string) => `The ${format} file could not be downloaded. ${reason}`,
  verifyFailed: (reason: string) => `We could not confirm your payment yet. ${reason}`,
  notConfirmedYet:
    'Your payment is not confirmed yet. If you completed the checkout, wait a moment and try again; nothing is charged twice.',
  paymentLinkInvalid:
    'This payment address does not name a valid report. Open the report from your dashboard: paid formats show a Download button there.',
  checkoutUnavailableTitle: 'This checkout is not available',
  checkoutUnavailable:
    'The checkout may have expired or already been used. Go back to your report and choose Buy again; nothing is charged twice.',
  checkoutRefused:
    'This checkout can only be used from ATR itself. Go back to your report and choose Buy again.',
  checkoutFailed:
    'Something went wrong on our side while handling the checkout. Go back to your report and try again in a moment.',
  stopWaiting: 'Stop waiting',
  backToReport: 'Back to the report',
  /** Report links open only for their owner, signed in (another account gets Report Not Found): Share says so. */
  shareOwnerOnly: 'Link copied. Only you can open it, signed in.',
  shareHint: 'Copies the link to this report. Only you can open it, signed in to your account.',
  sharedOwnerOnly: 'Only you can open this link, signed in to your account.',
  paymentInProgressHint:
    'Complete the checkout in the new tab. This page updates as soon as the payment is confirmed.',
  noSessionTips: [
    'Open the report from your dashboard: formats you have paid for show a Download button.',
    'Check Account → Downloads: every purchase is listed there and can be downloaded again.',
    'If you were charged but the download is still locked, wait a minute and try again, or contact support with the time of the payment.',
  ],
  processingIntro:
    'Our AI agents are analysing your code and writing your report. You can leave this page: generation continues in the background.',
  cancelConfirmTitle: 'Cancel report generation?',
  /** The cancel question names the report (null: its name is not known yet). */
  cancelConfirmBody: (name: string | null) =>
    `${name ? `Generation of “${name}” stops` : 'The agents stop'} at the next step and nothing is kept. You can start a new report at any time.`,
  cancelledToast: (name: string | null) =>
    name ? `Generation of “${name}” cancelled` : 'Report generation cancelled',
  previewFreeNote: (pages: number) =>
    `Free preview of the first ${pages} pages. Buy a format to get the full report.`,
  /** One format bought: where the full report is, and which format is still for sale. */
  previewOwnedOneNote: (pages: number, owned: string, other: string) =>
    `Free preview of the first ${pages} pages. The full report is in your ${owned} download; ${other} can also be bought.`,
  previewOwnedAllNote: (pages: number) =>
    `Free preview of the first ${pages} pages. The full report is in your Word and LaTeX downloads.`,
  previewLoadHint: 'You can still buy and download the full report in Word or LaTeX.',
  linkCopyFailed: 'The link could not be copied. Open the report and copy the address from the address bar.',
  deleted: (name: string) => `Report “${name}” deleted`,
  deleteTitle: 'Delete report?',
  /** The spec's question, naming the report. */
  deleteConfirm: (name: string) => `Are you sure you want to delete the report “${name}”?`,
  noMatch: 'No reports match',
  noMatchHint: 'Try another project name or status, or clear the search.',
  /** How the time left is known: from recent reports' measured steps (null: a first guess, no history yet). */
  estimateBasisRecent: 'based on recent reports',
  remainingMinutes: (minutes: number, basis: string | null) =>
    basis
      ? `About ${minutes} min remaining, ${basis}`
      : `About ${minutes} min remaining (a first estimate: no recent reports to compare with yet)`,
  remainingUnderMinute: (basis: string | null) =>
    basis
      ? `Less than a minute remaining, ${basis}`
      : 'Less than a minute remaining (a first estimate: no recent reports to compare with yet)',
  notFoundHint:
    'This report does not exist any more, or the link is incomplete. Your reports are listed on the dashboard.',
  queuedTitle: 'Queued',
  reconnecting: 'Reconnecting…',
  reconnectingHint:
    'We cannot reach the server right now. Your report carries on without this page, which updates as soon as the connection is back.',
  queuedHint: 'Waiting for a free worker. Generation starts on its own; you can leave this page.',
  offline: 'You are offline.',
  offlineHint:
    'Your report carries on on our servers without this page, which updates by itself as soon as your connection is back.',
  checkingProgress: 'Checking your report…',
  statusTimedOut:
    'The status could not be checked just now. Your report carries on without this page; try again in a moment.',
} as const;

/** The app-wide connection notice (the browser's own online and offline events). */
export const connectionMessages = {
  offlineTitle: 'You are offline.',
  offlineHint: 'What you see may be out of date; it updates by itself when your connection is back.',
} as const;

/** The upload form's own checks, made in the browser before anything is sent. */
export const uploadFormMessages = {
  zipEmptyFile: 'This file is empty. Please choose the ZIP file of your project.',
  zipNotZip: 'This file is not a ZIP archive. Please choose a .zip file of your project.',
  zipNoFiles: 'This ZIP archive has no files in it. Please choose the ZIP file of your project.',
  zipTooLarge: (size: string, limit: string) =>
    `This ZIP file is ${size}, larger than the ${limit} limit. Leave out build output and dependencies, then zip it again.`,
  zipUnreadable: 'This file could not be read. Please choose it again.',
  templateUnreadable: 'The template could not be read. Please choose it again.',
  templateChecking: 'Checking the template…',
  templateOk: (chapters: number) => `Template read: ${chapters} ${chapters === 1 ? 'chapter' : 'chapters'}.`,
  /** The form was restored after a sign-in: which files the browser could not keep. */
  filesNotKept: (names: string) =>
    `Your entries were kept. The browser cannot keep chosen files across a sign-in, so please choose again: ${names}.`,
  /** A refusal of the upload that is not about one field. */
  notStarted: (reason: string) => `The report was not started. ${reason}`,
  sessionCheckFailed: 'We could not check your session. Check your connection, then try again.',
} as const;

/** Texts of the upload's own checks of logos and images (decoded at upload, never trusted by name). */
/** A size limit as the upload messages name it: "200 MB", "256 KB", "2 GB". */
export const formatLimit = (n: number) =>
  n >= 1024 ** 3
    ? `${Math.round((n / 1024 ** 3) * 10) / 10} GB`
    : n >= 1024 * 1024
      ? `${Math.round(n / (1024 * 1024))} MB`
      : `${Math.round(n / 1024)} KB`;

export const uploadMessages = {
  zipTooLarge: (limit: string) => `The ZIP file is larger than ${limit}.`,
  templateTooLarge: (limit: string) => `The template file is larger than ${limit}.`,
  imageTooLarge: (name: string, limit: string) => `The image "${name}" is larger than ${limit}.`,
  logoTooLarge: (limit: string) => `The logo is larger than ${limit}.`,
  tooManyImages: (max: number) => `You can upload at most ${max} ${max === 1 ? 'image' : 'images'}.`,
  logoNotImage: 'The logo must be a PNG or JPEG image.',
  logoDamaged:
    'The logo could not be read: the file is damaged. Please save it again as PNG or JPEG and upload it.',
  logoTooManyPixels: (width: number, height: number, limit: string) =>
    `The logo is ${width} × ${height} pixels, more than the ${limit} allowed. Please upload a smaller image.`,
  imageNotImage: (name: string) => `The image "${name}" is not a PNG or JPEG image.`,
  imageDamaged: (name: string) =>
    `The image "${name}" could not be read: the file is damaged. Please save it again as PNG or JPEG and upload it.`,
  imageTooManyPixels: (name: string, width: number, height: number, limit: string) =>
    `The image "${name}" is ${width} × ${height} pixels, more than the ${limit} allowed. Please upload a smaller image.`,
  tooManyActive: (count: number) =>
    `You already have ${count} reports being generated. Please wait until one of them finishes, or cancel one, before starting another.`,
  storageFull: (used: string, limit: string) =>
    `Your reports use ${used} of the ${limit} of storage your account has. Delete reports you no longer need to upload more.`,
  overStorageLeft: (left: string) =>
    `This upload is larger than the ${left} of storage your account has left. Delete reports you no longer need, or upload a smaller ZIP file.`,
} as const;

/** Refusals of the report engine that name a limit on work (the engine's EngineError messages). */
export const engineMessages = {
  templateTooManyHeadings: (count: number, limit: number, parts: string) =>
    `The template has ${count.toLocaleString('en-US')} headings (${parts}); at most ${limit.toLocaleString('en-US')} are allowed. Remove chapters, sections or subsections, or split the template into several reports.`,
  templateFarTooManyHeadings: (items: number, limit: number) =>
    `The template has about ${items.toLocaleString('en-US')} headings; at most ${limit.toLocaleString('en-US')} are allowed. Remove chapters, sections or subsections, or split the template into several reports.`,
  /** The server reads a template in a worker thread with a time limit (apps/server template-parser.ts). */
  templateTooSlow: (seconds: number) =>
    `Line 1: the template took more than ${seconds.toLocaleString('en-US')} ${seconds === 1 ? 'second' : 'seconds'} to read (the limit). Use fewer or shorter keys, lists and mappings, or split the template into several reports.`,
  templateTooMuchMemory: (mb: number) =>
    `Line 1: the template needs more than ${mb.toLocaleString('en-US')} MB of memory to read (the limit). Use fewer or shorter keys, lists and mappings, or split the template into several reports.`,
  templateReaderBusy: 'The server is reading many templates right now. Please try again in a minute.',
  reportTooManyPages: (pages: number, limit: number, estimated: boolean) =>
    `The report ${estimated ? 'would have about' : 'has'} ${pages.toLocaleString('en-US')} pages, more than the limit of ${limit.toLocaleString('en-US')} pages per report. Use a template with fewer chapters and sections.`,
} as const;
