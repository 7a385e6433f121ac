// Top navigation (spec §2): links depend on signed-in state and on being under /app; a mobile menu and the user menu.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { ChevronDown, LogOut, Menu, Settings, X } from 'lucide-react';
import { displayName, useAuth } from '../../lib/auth-context.tsx';
import { cn } from '../../lib/cn.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Logo } from './logo.tsx';

interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

export function navItems(signedIn: boolean, inApp: boolean): NavItem[] {
  if (signedIn && inApp)
    return [
      { to: '/app', label: 'Dashboard', end: true },
      { to: '/app/upload', label: 'Upload' },
      { to: '/app/account', label: 'Account' },
    ];
  if (signedIn)
    return [
      { to: '/', label: 'Home', end: true },
      { to: '/pricing', label: 'Pricing' },
      { to: '/app', label: 'Dashboard' },
    ];
  return [
    { to: '/', label: 'Home', end: true },
    { to: '/pricing', label: 'Pricing' },
  ];
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-indigo-700 bg-indigo-50' : 'text-slate-600 hover:text-slate-900 hover:bg-slate-100',
  );

export function SiteHeader() {
  const { user, loading } = useAuth();
  const { pathname } = useLocation();
  const inApp = pathname === '/app' || pathname.startsWith('/app/');
  const signedIn = !!user;
  const items = navItems(signedIn, inApp);
  // The menu belongs to the page it was opened on, so navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const mobileOpen = openOn === pathname;
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Escape closes the phone menu and gives the focus back to its button, as the user menu does.
  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6"
      >
        <Link to={signedIn && inApp ? '/app' : '/'} className="flex items-center gap-2 rounded-md">
          <Logo />
        </Link>
        <div className="hidden items-center gap-1 md:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={linkClass}>
              {item.label}
            </NavLink>
          ))}
        </div>
        <div className="hidden items-center gap-2 md:flex">
          {signedIn ? (
            <UserMenu />
          ) : loading ? null : (
            <>
              <NavLink to="/login" className={linkClass}>
                Sign in
              </NavLink>
              <Link to="/signup" className={buttonClasses('primary', 'md')}>
                Get Started
              </Link>
            </>
          )}
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="rounded-md p-2 text-slate-600 hover:bg-slate-100 md:hidden"
          aria-expanded={mobileOpen}
          aria-controls={menuId}
          aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setOpenOn(mobileOpen ? null : pathname)}
        >
          {mobileOpen ? (
            <X className="size-6" aria-hidden="true" />
          ) : (
            <Menu className="size-6" aria-hidden="true" />
          )}
        </button>
      </nav>
      {mobileOpen && (
        <div id={menuId} className="border-t border-slate-200 bg-white px-4 pb-4 pt-2 md:hidden">
          <div className="flex flex-col gap-1">
            {items.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.end} className={linkClass}>
                {item.label}
              </NavLink>
            ))}
          </div>
          <div className="mt-3 border-t border-slate-200 pt-3">
            {signedIn ? (
              <MobileUserSection />
            ) : (
              <div className="flex flex-col gap-2">
                <NavLink to="/login" className={linkClass}>
                  Sign in
                </NavLink>
                <Link to="/signup" className={buttonClasses('primary', 'md')}>
                  Get Started
                </Link>
              </div>
            )}
          </div>
        </div>
      )}
    </header>
  );
}

function useSignOutToHome() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return async () => {
    await signOut();
    navigate('/', { replace: true });
  };
}

function MobileUserSection() {
  const { user } = useAuth();
  const signOutToHome = useSignOutToHome();
  return (
    <div className="flex flex-col gap-1">
      <p className="px-3 py-1 text-sm font-semibold text-slate-900">{displayName(user)}</p>
      <NavLink to="/app/account" className={linkClass}>
        Account Settings
      </NavLink>
      <button
        type="button"
        onClick={() => void signOutToHome()}
        className="rounded-md px-3 py-2 text-left text-sm font-medium text-slate-600 hover:bg-slate-100"
      >
        Sign out
      </button>
    </div>
  );
}

function UserMenu() {
  const { user } = useAuth();
  const signOutToHome = useSignOutToHome();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const name = displayName(user);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const items = () => Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    items()[0]?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        // Menu pattern: arrow keys move between the items, wrapping at the ends.
        e.preventDefault();
        const list = items();
        const at = list.indexOf(document.activeElement as HTMLElement);
        const next = e.key === 'ArrowDown' ? (at + 1) % list.length : (at - 1 + list.length) % list.length;
        list[next]?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        <span
          aria-hidden="true"
          data-testid="user-initials"
          className="flex size-8 items-center justify-center rounded-full bg-indigo-600 text-xs font-semibold text-white"
        >
          {initials(name)}
        </span>
        <span className="max-w-40 truncate" data-testid="user-menu-name">
          {name}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 text-slate-400" />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="User menu"
          className="absolute right-0 mt-2 w-56 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200"
        >
          <p className="truncate px-3 py-2 text-xs text-slate-500">{user?.email}</p>
          <Link
            role="menuitem"
            to="/app/account"
            onClick={() => setOpen(false)}
            className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-100"
          >
            <Settings aria-hidden="true" className="size-4" />
            Account Settings
          </Link>
          <button
            role="menuitem"
            type="button"
            onClick={() => void signOutToHome()}
            className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100"
          >
            <LogOut aria-hidden="true" className="size-4" />
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}

function initials(name: string): string {
  const parts = name
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  // First and last name: "Quinn A. Tester" is QT, not QA.
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  return ((parts[0]?.[0] ?? '') + (last?.[0] ?? '')).toUpperCase() || '?';
}
