/**
 * Background work that belongs to the installation rather than to one request — a schedule's tick,
 * the re-enqueueing at start-up, a recovery sweep — runs once in each active tenant's scope, so
 * row-level security shows it that tenant's rows (docs/operations/tenants.md, "Background work").
 * The composition root builds it from the tenants' list (app/each-tenant.ts).
 */
export type EachTenant = (work: () => Promise<unknown>) => Promise<void>;

/** The work once, in the scope at hand: for areas wired without tenants (unit tests). */
export const inTheCurrentTenant: EachTenant = async (work) => {
  await work();
};
