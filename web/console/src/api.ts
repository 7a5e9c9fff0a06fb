/**
 * The console's REST client: the attendance endpoints (docs/attendance/rest.md) with the access
 * token of `POST /api/auth/login` as bearer. Errors keep the server's `error` code and message.
 */

/** An error answer of the API: `{error, message, …}` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export class Api {
  constructor(
    readonly token: string,
    private readonly onUnauthorized: () => void,
  ) {}

  get<T>(path: string): Promise<T> {
    return this.call<T>('GET', path);
  }

  post<T>(path: string, body?: unknown): Promise<T> {
    return this.call<T>('POST', path, body);
  }

  put<T>(path: string, body: unknown): Promise<T> {
    return this.call<T>('PUT', path, body);
  }

  patch<T>(path: string, body: unknown): Promise<T> {
    return this.call<T>('PATCH', path, body);
  }

  delete<T>(path: string): Promise<T> {
    return this.call<T>('DELETE', path);
  }

  /** A file answer (a CSV export) as a Blob; error answers throw as {@link ApiError}. */
  async file(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Blob> {
    const res = await fetch(path, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (res.status === 401) this.onUnauthorized();
    if (!res.ok) await answerOf(res);
    return res.blob();
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(path, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (res.status === 401) this.onUnauthorized();
    return answerOf<T>(res);
  }
}

/** Logs in; the access token, or ApiError (401 for bad credentials). */
export async function login(username: string, password: string): Promise<string> {
  const res = await fetch('/api/auth/login', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }),
  });
  return (await answerOf<{ access_token: string }>(res)).access_token;
}

async function answerOf<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new ApiError(res.status, String(body.error ?? 'error'), String(body.message ?? res.statusText), body);
  return body as T;
}
