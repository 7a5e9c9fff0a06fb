/** SLA policies over the API (docs/attendance/sla.md, "Policies"): supervisors list, create, change and delete them. */
import type { NewSlaPolicy, SlaPolicyRow } from '../../db/index.js';
import { ConflictError, NotFoundError } from '../../infra/errors.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { existingQueue } from '../queues/manage-queue-members.js';

type Deps = { repos: Pick<AttendanceRepositories, 'sla' | 'queues'> };

export function listSlaPolicies(deps: Deps): Promise<SlaPolicyRow[]> {
  return deps.repos.sla.listPolicies();
}

/** NotFoundError `queue_not_found` for an unknown queue; ConflictError `policy_exists` when a policy covers the same queue and tier. */
export async function createSlaPolicy(deps: Deps, policy: NewSlaPolicy): Promise<SlaPolicyRow> {
  if (policy.queue_id) await existingQueue(deps as never, policy.queue_id);
  const row = await deps.repos.sla.createPolicy(policy);
  if (!row) throw new ConflictError('A policy for this queue and tier exists already', 'policy_exists', { queue_id: policy.queue_id ?? null, tier: policy.tier ?? null });
  return row;
}

/** Changes some fields; clocks already running keep the targets they started with. */
export async function updateSlaPolicy(deps: Deps, id: string, changes: Partial<NewSlaPolicy>): Promise<SlaPolicyRow> {
  if (changes.queue_id) await existingQueue(deps as never, changes.queue_id);
  try {
    const row = await deps.repos.sla.updatePolicy(id, changes);
    if (!row) throw new NotFoundError(`SLA policy ${id} does not exist`, 'policy_not_found');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError('A policy for this queue and tier exists already', 'policy_exists');
    throw error;
  }
}

export async function deleteSlaPolicy(deps: Deps, id: string): Promise<void> {
  if (!(await deps.repos.sla.deletePolicy(id))) throw new NotFoundError(`SLA policy ${id} does not exist`, 'policy_not_found');
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
