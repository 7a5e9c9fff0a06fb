import type { GroupLimits } from './group-limits.js';
import type { IdentityProvider } from './identity-provider.js';

/** What every group use case runs on, built once at the composition root. */
export interface GroupsDeps {
  idp: IdentityProvider;
  limits: GroupLimits;
}

/** The caller as the groups area sees it: the local user id and whether they hold the `admin` role. */
export interface GroupActor {
  user_id: string;
  organizationAdmin: boolean;
}
