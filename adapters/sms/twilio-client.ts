import twilio from 'twilio';

/** Twilio's REST root, which the library writes into every request URI. */
const TWILIO_ROOT = /^https:\/\/[a-z0-9.-]*\.twilio\.com/;

/**
 * The library's own HTTP client with the host of every request replaced by `apiRoot`: the twilio
 * library has no base-URL option, and tests point it at a local fake (sms-api-url). The
 * library's transport, auth and errors stay as they are.
 */
class RootedRequestClient extends twilio.RequestClient {
  constructor(private readonly apiRoot: string) {
    super();
  }

  override request<TData>(opts: Parameters<twilio.RequestClient['request']>[0] & { data?: TData }) {
    return super.request<TData>({ ...opts, uri: opts.uri.replace(TWILIO_ROOT, this.apiRoot) });
  }
}

/** A twilio client for one account, talking to `apiRoot`. */
export function createTwilioClient(accountSid: string, authToken: string, apiRoot: string): twilio.Twilio {
  const root = apiRoot.replace(/\/+$/, '');
  return twilio(accountSid, authToken, root === 'https://api.twilio.com' ? {} : { httpClient: new RootedRequestClient(root) });
}
