import { useState, type FormEvent } from 'react';
import { ApiError, login } from './api.js';
import { useTranslation } from 'react-i18next';

/** The sign-in form: username and password for `POST /api/auth/login`. */
export function Login({ onToken }: { onToken(token: string): void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      onToken(await login(username, password));
    } catch (err) {
      setError(err instanceof ApiError && err.status === 401 ? t('login.wrong') : t('login.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="login">
      <form onSubmit={(e) => void submit(e)} aria-labelledby="login-title">
        <h1 id="login-title">{t('login.title')}</h1>
        <label htmlFor="username">{t('login.username')}</label>
        <input id="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} required autoFocus />
        <label htmlFor="password">{t('login.password')}</label>
        <input id="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        {error && <p role="alert" className="error">{error}</p>}
        <button type="submit" disabled={busy}>{t('login.sign_in')}</button>
      </form>
    </main>
  );
}
