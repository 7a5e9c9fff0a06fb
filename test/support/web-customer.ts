/** A customer on the web channel, for end-to-end suites: what the widget does over HTTP. */

/** The answer to a customer message (`POST /api/channels/web/{bot}/messages`). */
export interface WebAnswer {
  session_id: string;
  session_token: string;
  replies: { text: string; from?: string; suggestions?: unknown[] }[];
}

/** Sends `text` as the customer of `bot` (a new visitor without `token`); throws unless 200. */
export async function sayOnWeb(baseUrl: string, bot: string, text: string, token?: string): Promise<WebAnswer> {
  const res = await fetch(`${baseUrl}/api/channels/web/${bot}/messages`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text, ...(token ? { session_token: token } : {}) }),
  });
  if (res.status !== 200) throw new Error(`POST ${text}: ${res.status} ${await res.text()}`);
  return (await res.json()) as WebAnswer;
}
