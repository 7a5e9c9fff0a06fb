import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Api } from './api.js';
import { CannedResponses } from './CannedResponses.js';
import { HeaderGroup } from './HeaderGroup.js';
import { HelpDialog } from './HelpDialog.js';
import { LanguagePicker } from './LanguagePicker.js';
import { Inbox } from './inbox/Inbox.js';
import { Console, type ConsoleContext } from './live-context.js';
import { LiveSocket } from './live-socket.js';
import { Login } from './Login.js';
import { askNotificationPermissionOnce } from './notifications.js';
import { StatusPicker } from './StatusPicker.js';
import { Queues } from './supervisor/Queues.js';
import { Skills } from './supervisor/Skills.js';
import { Tickets } from './supervisor/Tickets.js';
import type { LiveFrame, Me } from './types.js';
import { useTranslation } from 'react-i18next';

// The supervisor's board and charts load on first use: attendants never download @dnd-kit or recharts.
const Kanban = lazy(() => import('./supervisor/Kanban.js').then((m) => ({ default: m.Kanban })));
const Insights = lazy(() => import('./supervisor/Insights.js').then((m) => ({ default: m.Insights })));
const Reports = lazy(() => import('./supervisor/Reports.js').then((m) => ({ default: m.Reports })));

const TOKEN_KEY = 'switchboard-console:token';

// Each screen's name is `screen.<id>` of the console catalogue.
const SCREENS = [
  { id: 'inbox', supervisor: false },
  { id: 'board', supervisor: false },
  { id: 'tickets', supervisor: false },
  { id: 'canned', supervisor: false },
  { id: 'insights', supervisor: true },
  { id: 'reports', supervisor: true },
  { id: 'queues', supervisor: true },
  { id: 'skills', supervisor: true },
] as const;
type ScreenId = (typeof SCREENS)[number]['id'];

function screenFromHash(): ScreenId {
  const id = location.hash.replace(/^#\/?/, '');
  return SCREENS.find((s) => s.id === id)?.id ?? 'inbox';
}

/** The console: sign-in, then the screens over one live socket. */
export function App() {
  const [token, setToken] = useState(() => sessionStorage.getItem(TOKEN_KEY) ?? '');
  // True once the user signed in on this page (not when a reload found the token): the moment the
  // status rule of StatusPicker applies.
  const [signedInNow, setSignedInNow] = useState(false);
  const signOut = useCallback(() => {
    sessionStorage.removeItem(TOKEN_KEY);
    setToken('');
  }, []);
  if (!token) {
    return <Login onToken={(t) => { sessionStorage.setItem(TOKEN_KEY, t); setSignedInNow(true); setToken(t); }} />;
  }
  return <SignedIn token={token} signOut={signOut} signedInNow={signedInNow} />;
}

function SignedIn({ token, signOut, signedInNow }: { token: string; signOut(): void; signedInNow: boolean }) {
  const { t } = useTranslation();
  const api = useMemo(() => new Api(token, signOut), [token, signOut]);
  const [me, setMe] = useState<Me>();
  const [connected, setConnected] = useState(false);
  const [screen, setScreen] = useState<ScreenId>(screenFromHash);
  const [help, setHelp] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [context, setContext] = useState<ConsoleContext>();

  useEffect(() => {
    api.get<Me>('/api/users/me').then(setMe, signOut);
  }, [api, signOut]);

  useEffect(() => {
    if (!me) return;
    const listeners = new Set<(frame: LiveFrame) => void>();
    let wasConnected = false;
    const live = new LiveSocket(token, {
      onFrame: (frame) => listeners.forEach((l) => l(frame)),
      onState: (up) => {
        setConnected(up);
        if (up && wasConnected) listeners.forEach((l) => l({ type: 'reconnected' }));
        if (up) wasConnected = true;
      },
      onExpired: signOut,
    });
    const isSupervisor = me.is_admin || me.roles.includes('supervisor') || me.roles.includes('admin');
    setContext({ api, me, live, isSupervisor, signedInNow, onFrame: (l) => (listeners.add(l), () => void listeners.delete(l)) });
    return () => live.close();
  }, [api, me, token, signOut, signedInNow]);

  useEffect(() => {
    const onHash = () => {
      setScreen(screenFromHash());
      setMenuOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === '?' && !isTyping(e.target)) setHelp(true);
    };
    window.addEventListener('hashchange', onHash);
    window.addEventListener('keydown', onKey);
    window.addEventListener('click', askNotificationPermissionOnce, { once: true });
    return () => {
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener('keydown', onKey);
    };
  }, []);

  if (!context) return <p className="loading" role="status">{t('app.loading')}</p>;
  const screens = SCREENS.filter((s) => !s.supervisor || context.isSupervisor);
  const supervising = screens.filter((s) => s.supervisor);
  const link = (s: (typeof SCREENS)[number]) => (
    <a key={s.id} href={`#/${s.id}`} aria-current={screen === s.id ? 'page' : undefined} onClick={() => setMenuOpen(false)}>{t(`screen.${s.id}`)}</a>
  );
  return (
    <Console.Provider value={context}>
      <header className={menuOpen ? 'top menu-open' : 'top'}>
        <h1>Switchboard</h1>
        <span className={connected ? 'live on' : 'live off'} role="status">{connected ? t('app.live') : t('app.reconnecting')}</span>
        {/* On a phone (under 800 px) the screens and the rest of the header fold behind this button. */}
        <button type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls="top-menu" onClick={() => setMenuOpen((o) => !o)}>
          {t('app.menu')}<span className="sr"> ({t(`screen.${screen}`)})</span>
        </button>
        <div id="top-menu" className="top-menu">
          <nav aria-label={t('app.screens')}>
            {screens.filter((s) => !s.supervisor).map(link)}
            {/* The supervisors' screens, grouped: with all of them the header would not fit one row at 1280 px. */}
            {supervising.length > 0 && (
              <HeaderGroup id="supervision-menu" className="supervision" current={supervising.some((s) => s.id === screen)}
                label={<>{t('app.supervision')}{supervising.some((s) => s.id === screen) && <span className="sr"> ({t(`screen.${screen}`)})</span>}</>}>
                {supervising.map(link)}
              </HeaderGroup>
            )}
          </nav>
          <StatusPicker />
          {/* The account's entries behind the user's name (on a phone, listed in the menu). */}
          <HeaderGroup id="account-menu" className="account" label={<>{context.me.username}<span className="sr"> ({t('app.account')})</span></>}>
            <span className="me">{context.me.username}</span>
            <LanguagePicker />
            <button type="button" onClick={() => { setMenuOpen(false); setHelp(true); }}>{t('app.shortcuts')}</button>
            <button type="button" onClick={signOut}>{t('app.sign_out')}</button>
          </HeaderGroup>
        </div>
      </header>
      {screen === 'inbox' && <Inbox />}
      {screen === 'board' && <Suspense fallback={<p className="note">{t('app.loading')}</p>}><Kanban /></Suspense>}
      {screen === 'tickets' && <Tickets />}
      {screen === 'canned' && <CannedResponses />}
      {screen === 'insights' && <Suspense fallback={<p className="note">{t('app.loading')}</p>}><Insights /></Suspense>}
      {screen === 'reports' && <Suspense fallback={<p className="note">{t('app.loading')}</p>}><Reports /></Suspense>}
      {screen === 'queues' && <Queues />}
      {screen === 'skills' && <Skills />}
      {help && <HelpDialog onClose={() => setHelp(false)} />}
    </Console.Provider>
  );
}

/** True when a key press goes to a text field, where shortcuts must not fire. */
export function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}
