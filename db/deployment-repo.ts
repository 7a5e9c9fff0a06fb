import { randomUUID } from 'node:crypto';
import type { Database } from './connection.js';
import { deployment } from './schema/index.js';

/** This deployment's identity as stored in its database (db/schema/deployment.ts). */
export interface DeploymentIdentity {
  id: string;
  created_at: Date;
}

/** The only code that queries the `deployment` row. */
export function createDeploymentRepo(db: Database) {
  return {
    /**
     * The deployment's identity, created by the first call on this database. Instances starting
     * together on a fresh database race on the one-row index: the loser's insert does nothing and
     * both read the winner's row, so every instance of a deployment gets the same id.
     */
    async identity(): Promise<DeploymentIdentity> {
      await db.insert(deployment).values({ id: randomUUID() }).onConflictDoNothing();
      const [row] = await db.select().from(deployment).limit(1);
      if (!row) throw new Error('the deployment row was not written');
      return row;
    },
  };
}

export type DeploymentRepo = ReturnType<typeof createDeploymentRepo>;
