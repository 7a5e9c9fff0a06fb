/**
 * One promise per turn of the event loop, settled in its check phase (`setImmediate`): callers
 * that await it in the same turn resume together, so the commands they then send to one Redis
 * connection leave in one auto-pipelined write instead of one each
 * (docs/operations/high-availability.md, "Rate limits across instances"). Under load many
 * requests are read in one turn of the loop; alone, a caller waits for nothing but the end of the
 * current turn, as group commit does (db/group-commit.ts).
 */
let pending: Promise<void> | undefined;

export function sameIteration(): Promise<void> {
  pending ??= new Promise<void>((resolve) => {
    setImmediate(() => {
      pending = undefined;
      resolve();
    });
  });
  return pending;
}
