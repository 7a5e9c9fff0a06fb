import twilio from 'twilio';
import { outboundPool } from '../../infra/outbound-pool.js';

/** Twilio's REST root, which the library writes into every request URI. */
const TWILIO_ROOT = /^https:\/\/[a-z0-9.-]*\.twilio\.com/;

/**
 * The library's own HTTP client with two changes: the host of every request is replaced by
 * `apiRoot` (the twilio library has no base-URL option, and tests point it at a local fake,
 * sms-api-url), and its axios connects through the outbound door's agents (docs/architecture.md,
 * "Outbound requests") under the bot's `http-allow-private-networks` — instead of the library's
 * own https agent, or the proxy agent it builds from HTTP_PROXY. Auth and errors stay the library's.
 */
class GuardedRequestClient extends twilio.RequestClient {
  /** `apiRoot`: undefined for Twilio's own, whose subdomains (messaging., …) the library then keeps as written. */
  constructor(private readonly apiRoot: string | undefined, allowPrivateNetworks: boolean) {
    super();
    const { httpAgent, httpsAgent } = outboundPool({ allowPrivateNetworks }).agents;
    this.axios.defaults.httpAgent = httpAgent;
    this.axios.defaults.httpsAgent = httpsAgent;
  }

  override request<TData>(opts: Parameters<twilio.RequestClient['request']>[0] & { data?: TData }) {
    return super.request<TData>(this.apiRoot === undefined ? opts : { ...opts, uri: opts.uri.replace(TWILIO_ROOT, this.apiRoot) });
  }
}

/** A twilio client for one account, talking to `apiRoot` through the outbound door. */
export function createTwilioClient(accountSid: string, authToken: string, apiRoot: string, allowPrivateNetworks: boolean): twilio.Twilio {
  const root = apiRoot.replace(/\/+$/, '');
  return twilio(accountSid, authToken, { httpClient: new GuardedRequestClient(root === 'https://api.twilio.com' ? undefined : root, allowPrivateNetworks) });
}
