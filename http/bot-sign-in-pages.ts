import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import {
  PasswordChangeRequiredError, SIGN_IN_PATH, type BotSignInLinks, type BotSignInOutcome, type SignedInUser, type SignInRequest,
} from '../auth/index.js';
import { ForbiddenError, RateLimitError, UnauthorizedError } from '../infra/errors.js';
import { runAsTenant } from '../tenancy/index.js';
import { escapeHtml } from './html-text.js';

/** What the sign-in page of HEAR x AS LOGIN needs (docs/basic.md, "HEAR AS LOGIN"). */
export interface BotSignInPagesDeps {
  links: Pick<BotSignInLinks, 'verify'>;
  /** Whether the link's HEAR still waits for it (the engine's awaitsSignIn): a used or replaced link shows no form. */
  waits(request: SignInRequest): Promise<boolean>;
  /** auth's signInToBot with its users, throttle and the engine's completion bound in. */
  signIn(input: { request: SignInRequest; identifier: string; password: string; clientAddress: string }): Promise<SignInResult>;
  /**
   * The organization's identity provider (OIDC federation, docs/migration/identity.md) the bot's
   * people may sign in with instead: the bot whose `oidc-*` settings to start it with, or undefined.
   */
  federationOf?(bot: string): string | undefined;
  /** auth's signInToBotWithToken: the access token our OIDC callback issued names the person. */
  signInWithToken(input: { request: SignInRequest; accessToken: string }): Promise<SignInResult>;
}

type SignInResult = { outcome: BotSignInOutcome; user: SignedInUser };

/** The script of the federated finish page (no inline script: the content policy refuses it). */
const FINISH_SCRIPT_PATH = `${SIGN_IN_PATH}/finish.js`;

/**
 * The OIDC callback sends the browser back to `return_to#access_token=…` (docs/migration/identity.md):
 * the fragment never reaches a server, so this script reads it, drops it from the address bar and
 * history, and posts the token to the page's form.
 */
const FINISH_SCRIPT = `const token = new URLSearchParams(location.hash.slice(1)).get('access_token');
history.replaceState(null, '', location.pathname);
const form = document.getElementById('finish');
if (token) { form.elements.access_token.value = token; form.submit(); }
else document.getElementById('status').textContent = 'The sign-in did not finish. Use the link the bot sent again.';
`;

const FederatedFormSchema = z.object({ access_token: z.string().min(1).max(4096) });

const SignInFormSchema = z.object({
  identifier: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});

/**
 * The sign-in page a bot's HEAR x AS LOGIN links to (`/bot-login/<token>`): a plain HTML form,
 * no script, so it works in any browser a customer's chat app opens and under the security
 * headers' content policy. GET shows the form, or the 409 page when the link was used or replaced
already (so a spent link never asks for a password); POST checks the person's username or email and
 * password and hands them to the waiting dialog, then says what happened. The answers are never
 * cached: the link is a credential for one HEAR.
 */
export function botSignInPages(deps: BotSignInPagesDeps): Router {
  const router = express.Router();
  const path = `${SIGN_IN_PATH}/:token`;
  router.use(path, (_req, res, next) => {
    res.set('cache-control', 'no-store');
    next();
  });

  router.get(FINISH_SCRIPT_PATH, (_req, res) => {
    res.type('text/javascript').send(FINISH_SCRIPT);
  });

  router.get(path, withLink(async (req, res, request) => {
    if (!(await deps.waits(request))) return send(res, 409, stalePage());
    send(res, 200, form(request.bot, federatedStart(req, request)));
  }));

  // Back from the organization's identity provider: the finish page, then its form's POST.
  router.get(`${path}/federated`, withLink(async (_req, res, request) => {
    if (!(await deps.waits(request))) return send(res, 409, stalePage());
    send(res, 200, finishPage());
  }));
  router.post(`${path}/federated`, express.urlencoded({ extended: false, limit: '8kb' }), withLink(async (req, res, request) => {
    const fields = FederatedFormSchema.safeParse(req.body);
    if (!fields.success) return send(res, 400, notice('Sign-in did not finish', 'Use the link the bot sent again.'));
    try {
      answer(res, await deps.signInWithToken({ request, accessToken: fields.data.access_token }));
    } catch (error) {
      if (error instanceof ForbiddenError) return send(res, 403, notice('Sign-in did not finish', `${error.message}.`));
      if (!(error instanceof UnauthorizedError)) throw error;
      send(res, 401, notice('Sign-in did not finish', `${error.message}. Use the link the bot sent again.`));
    }
  }));

  router.post(path, express.urlencoded({ extended: false, limit: '8kb' }), withLink(async (req, res, request) => {
    const fields = SignInFormSchema.safeParse(req.body);
    const federated = federatedStart(req, request);
    if (!fields.success) return send(res, 400, form(request.bot, federated, 'Please enter your username or email and your password.'));
    try {
      answer(res, await deps.signIn({
        request, identifier: fields.data.identifier, password: fields.data.password, clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
      }));
    } catch (error) {
      // A tenant's bot takes its members only (auth/sign-in-to-bot.ts).
      if (error instanceof ForbiddenError) return send(res, 403, form(request.bot, federated, `${error.message}.`));
      if (error instanceof PasswordChangeRequiredError) {
        return send(res, 403, form(request.bot, federated, 'Your password must be changed first: sign in to the console to choose a new one, then use this link again.'));
      }
      if (error instanceof RateLimitError) return send(res, 429, form(request.bot, federated, 'Too many attempts. Wait a few minutes, then try again.'));
      if (error instanceof UnauthorizedError) return send(res, 401, form(request.bot, federated, 'That username or password is not right.'));
      throw error;
    }
  }));

  /** Where "Sign in with your organization" starts, when the bot's people have an identity provider. */
  function federatedStart(req: Request, request: SignInRequest): string | undefined {
    const bot = deps.federationOf?.(request.bot);
    if (bot === undefined) return undefined;
    const back = `${SIGN_IN_PATH}/${String(req.params.token)}/federated`;
    return `/auth/oidc/login?${new URLSearchParams({ bot, return_to: back })}`;
  }

  /**
   * A page of a link: the request its token names (a bad link gets a page saying so), and the
   * page's work run as the tenant the link names (a tenant's bot's HEAR), else as the default tenant's.
   */
  function withLink(page: (req: Request, res: Response, request: SignInRequest) => Promise<void>) {
    return async (req: Request, res: Response) => {
      const request = await linkOf(req, res);
      if (!request) return;
      const work = () => page(req, res, request);
      await (request.tenant_id === undefined ? work() : runAsTenant(request.tenant_id, work));
    };
  }

  /** The request the link's token names, or a page saying the link is bad (and undefined). */
  async function linkOf(req: Request, res: Response): Promise<SignInRequest | undefined> {
    try {
      return await deps.links.verify(String(req.params.token));
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) throw error;
      send(res, 401, notice('Sign-in link not valid', `${error.message}.`));
      return undefined;
    }
  }
  return router;
}

function answer(res: Response, { outcome, user }: SignInResult): void {
  if (outcome === 'stale') return send(res, 409, stalePage());
  send(res, 200, notice('Signed in', `You are signed in as ${user.name}. You can go back to the conversation.`));
}

function send(res: Response, status: number, html: string): void {
  res.status(status).type('html').send(html);
}

const STYLE = 'body{font-family:system-ui,sans-serif;margin:0;background:#f5f6f8;color:#1d2330}main{max-width:24rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 4px #0002}label{display:block;margin:.75rem 0 .25rem;font-weight:600}input{box-sizing:border-box;width:100%;padding:.5rem;font:inherit;border:1px solid #6b7280;border-radius:.25rem}button{margin-top:1rem;padding:.5rem 1rem;font:inherit;background:#1f4fd1;color:#fff;border:0;border-radius:.25rem}.error{color:#a01818;font-weight:600}';

function page(title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><meta name="robots" content="noindex"><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main>${script}</body></html>`;
}

function finishPage(): string {
  return page('Finishing sign-in', `<p id="status" role="status">Finishing your sign-in…</p>
<form id="finish" method="post"><input type="hidden" name="access_token"><noscript><p>This step needs JavaScript. Sign in with your username and password instead.</p></noscript></form>`,
  `<script src="${FINISH_SCRIPT_PATH}"></script>`);
}

/** The answer to a link whose HEAR no longer waits for it: used already, or replaced by a newer one. */
function stalePage(): string {
  return notice('Sign-in not needed', 'The conversation no longer waits for this link: it was answered already, or the bot sent a newer one. Use the newest link the bot sent.');
}

function notice(title: string, text: string): string {
  return page(title, `<p>${escapeHtml(text)}</p>`);
}

function form(bot: string, federatedStart: string | undefined, error?: string): string {
  const problem = error ? `<p class="error" role="alert" id="problem">${escapeHtml(error)}</p>` : '';
  const described = error ? ' aria-describedby="problem"' : '';
  return page('Sign in', `<p>The bot <strong>${escapeHtml(bot)}</strong> asks you to sign in with your account to go on with the conversation.</p>${problem}
<form method="post">
<label for="identifier">Username or email</label><input id="identifier" name="identifier" autocomplete="username" required${described}>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required${described}>
<button type="submit">Sign in</button>
</form>${federatedStart ? `\n<p><a href="${escapeHtml(federatedStart)}">Sign in with your organization</a></p>` : ''}`);
}
