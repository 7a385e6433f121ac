// Footer of the public pages (hidden under /app): pricing, legal pages, and About/Contact from configuration.
import { Link } from 'react-router';
import { ExternalLink } from 'lucide-react';
import { usePublicConfig } from '../../lib/public-config.ts';
import { Logo } from './logo.tsx';

export function SiteFooter() {
  const config = usePublicConfig();
  const links = config.data?.links;
  const operator = config.data?.operator;
  const linkClass = 'text-sm text-slate-600 hover:text-indigo-700';
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1.5fr_1fr_1fr]">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-sm text-sm text-slate-600">
            AI Technical Reports: branded technical documentation generated from your code base.
          </p>
          {operator && (
            <p className="text-xs text-slate-600">
              © {new Date().getFullYear()} {operator.name} · VAT {operator.vat}
            </p>
          )}
        </div>
        <nav aria-label="Product" className="flex flex-col gap-2">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Product</p>
          <Link to="/pricing" className={linkClass}>
            Pricing
          </Link>
          {links && (
            <>
              <a
                href={links.about}
                target="_blank"
                rel="noopener noreferrer"
                className={`${linkClass} inline-flex items-center gap-1`}
              >
                About <ExternalLink aria-hidden="true" className="size-3" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
              <a
                href={links.contact}
                target="_blank"
                rel="noopener noreferrer"
                className={`${linkClass} inline-flex items-center gap-1`}
              >
                Contact <ExternalLink aria-hidden="true" className="size-3" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </>
          )}
        </nav>
        <nav aria-label="Legal" className="flex flex-col gap-2">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Legal</p>
          <Link to="/privacy-policy" className={linkClass}>
            Privacy Policy
          </Link>
          <Link to="/terms-of-service" className={linkClass}>
            Terms of Service
          </Link>
          <Link to="/cookies-policy" className={linkClass}>
            Cookies Policy
          </Link>
        </nav>
      </div>
    </footer>
  );
}
