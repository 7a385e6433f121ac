// Copy of the landing and pricing pages: how the product works, testimonials, format features and FAQ.

export const steps = [
  {
    title: 'Upload your project',
    text: 'Send a ZIP of your code base or link a GitHub repository, public or private with a token, plus a YAML template listing the chapters you want.',
  },
  {
    title: 'Agents analyse the code',
    text: 'A planner, analysts, writers and a reviewer read languages, dependencies, architecture, routes, tests and configuration, and ground every section in real files.',
  },
  {
    title: 'Get a branded report',
    text: 'Your logo and company details on the cover, your chapters in your order, delivered as Word, LaTeX and PDF.',
  },
] as const;

export const features = [
  {
    title: 'Your structure, not ours',
    text: 'The YAML template fixes the chapters and sections. Unknown keys are reported instead of silently dropped.',
  },
  {
    title: 'Grounded in your code',
    text: 'Findings cite the files they come from, so reviewers can check every claim.',
  },
  {
    title: 'Free generation and preview',
    text: 'Generating a report costs nothing, and the first 5 PDF pages are always free to read.',
  },
  {
    title: 'Pay per download',
    text: 'No subscription. Buy the Word or LaTeX export of a report once and download it as often as you like.',
  },
  {
    title: 'Private by design',
    text: 'Your reports are visible only to you. Code is never executed, only read.',
  },
  {
    title: 'Figures included',
    text: 'Language mix and dependency graphs are drawn for you and placed in the document.',
  },
] as const;

export const testimonials = [
  {
    quote:
      'We needed architecture documentation for a due-diligence review in a week. ATR produced a first report in minutes that our engineers only had to polish.',
    name: 'Giulia Romano',
    role: 'CTO, fintech scale-up',
  },
  {
    quote:
      'The LaTeX export dropped straight into our documentation pipeline. Our template, our logo, and every chapter pointed at the files it was talking about.',
    name: 'Marco Bianchi',
    role: 'Lead engineer, industrial software',
  },
  {
    quote:
      'As an agency we hand over a technical report with every project. What used to take two days of writing now takes a coffee break and a review.',
    name: 'Sarah Keller',
    role: 'Founder, software consultancy',
  },
] as const;

export const formatFeatures = {
  word: [
    'Editable Microsoft Word document (.docx)',
    'Your logo and company details on the cover',
    'Headings, tables, code listings and figures',
    'Table of contents ready to update',
    'Download again at any time',
  ],
  latex: [
    'LaTeX source bundle (.zip) with main.tex',
    'Figures and logo included, ready to compile',
    'Compiles with pdflatex or xelatex',
    'README explaining how to build the PDF',
    'Download again at any time',
  ],
} as const;

export const faq = [
  {
    question: 'Is generating a report really free?',
    answer:
      'Yes. Generating a report and reading the first 5 pages of its PDF preview cost nothing. You pay only when you download the Word or LaTeX file of a report.',
  },
  {
    question: 'Do I pay again to download the same report twice?',
    answer:
      'No. Once you have bought a format for a report, you can download it as many times as you like from the report page or your account.',
  },
  {
    question: 'What do I need to upload?',
    answer:
      'A ZIP of your project or a GitHub repository link, and a YAML template listing the chapters of the report. You can also add images, a company logo and company details for the cover page.',
  },
  {
    question: 'How long does a report take?',
    answer:
      'It depends on the size of the project and on whether a language model writes the text. While it runs, the processing page shows each step as the engine reports it, with an estimate of the time left based on recent reports. You can leave the page and come back to the dashboard later.',
  },
  {
    question: 'Is my code safe?',
    answer:
      'Your code is read, never executed, and your reports are visible only to your account. See our Privacy Policy for the details of what we store and for how long.',
  },
  {
    question: 'Which payment methods do you accept?',
    answer:
      'Payments are handled by our card payment provider at checkout. Prices are shown in euros and include no subscription or hidden fees.',
  },
] as const;
