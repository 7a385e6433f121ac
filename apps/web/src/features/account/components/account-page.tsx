// Account (/app/account): Profile, Downloads and Settings tabs.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Download, Settings, User } from 'lucide-react';
import { ProfileFormSchema, firstIssue, messages, uiMessages } from '@atr/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useAuth } from '../../../lib/auth-context.tsx';
import { formatDate } from '../../../lib/format.ts';
import { updateProfile } from '../api/update-profile.ts';

type TabKey = 'profile' | 'downloads' | 'settings';
const tabs = [
  { key: 'profile', label: 'Profile', icon: <User aria-hidden="true" className="size-4" /> },
  { key: 'downloads', label: 'Downloads', icon: <Download aria-hidden="true" className="size-4" /> },
  { key: 'settings', label: 'Settings', icon: <Settings aria-hidden="true" className="size-4" /> },
] as const;

/** The Downloads tab belongs to the payments feature; the route composes it in, since features do not import each other. */
export function AccountPage({ downloads }: { downloads: ReactNode }) {
  const [tab, setTab] = useState<TabKey>('profile');
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Account</h1>
      <p className="mt-2 text-slate-600">Manage your profile, downloads and account settings.</p>
      <Card className="mt-8 p-4 sm:p-6">
        <Tabs items={tabs} value={tab} onChange={setTab} label="Account sections">
          {tab === 'profile' && <ProfileTab />}
          {tab === 'downloads' && downloads}
          {tab === 'settings' && <SettingsTab />}
        </Tabs>
      </Card>
    </div>
  );
}

function ProfileTab() {
  const { user } = useAuth();
  const initial = typeof user?.user_metadata?.full_name === 'string' ? user.user_metadata.full_name : '';
  const [fullName, setFullName] = useState(initial);
  const [feedback, setFeedback] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFeedback(null);
    const parsed = ProfileFormSchema.safeParse({ fullName });
    if (!parsed.success) return setFeedback({ tone: 'error', text: firstIssue(parsed.error) });
    setSaving(true);
    const result = await updateProfile(parsed.data.fullName);
    setSaving(false);
    // Success is transient (a toast); a failure stays on the form until it is fixed.
    if (result.success) toast(messages.account.profileUpdated);
    else setFeedback({ tone: 'error', text: result.error });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Profile">
      <TextField
        label="Full Name"
        name="fullName"
        autoComplete="name"
        value={fullName}
        onChange={(e) => setFullName(e.target.value)}
      />
      <TextField
        label="Email Address"
        name="email"
        type="email"
        value={user?.email ?? ''}
        readOnly
        hint={uiMessages.profileEmailReadOnly}
      />
      {feedback && <Alert tone={feedback.tone}>{feedback.text}</Alert>}
      <Button type="submit" loading={saving}>
        Update Profile
      </Button>
    </form>
  );
}

function SettingsTab() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const rows: Array<[string, string]> = [
    ['Email', user?.email ?? ''],
    ['Account type', 'Pay-per-Download'],
    ['Member since', formatDate(user?.created_at)],
  ];
  return (
    <div className="space-y-6">
      <dl className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
        {rows.map(([k, v]) => (
          <div key={k} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:justify-between">
            <dt className="text-sm text-slate-500">{k}</dt>
            <dd className="text-sm font-medium text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
      <Button
        variant="danger"
        loading={signingOut}
        onClick={async () => {
          setSigningOut(true);
          await signOut();
          navigate('/', { replace: true });
        }}
      >
        Sign Out
      </Button>
    </div>
  );
}
