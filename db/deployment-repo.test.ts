import { openTestDatabase } from '../test/support/drivers.js';
import type { DatabaseHandle } from './connection.js';
import { createDeploymentRepo } from './deployment-repo.js';
import { deployment } from './schema/index.js';

// The deployment's identity (docs/operations/high-availability.md, "Several deployments on one Redis").

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

test('the first call writes the one identity; later and concurrent calls read the same, never a second row', async () => {
  const repo = createDeploymentRepo(database.db);
  const racing = await Promise.all([repo.identity(), createDeploymentRepo(database.db).identity(), repo.identity()]);
  const [first] = racing;
  expect(first!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(racing.map((r) => r.id)).toEqual([first!.id, first!.id, first!.id]);
  expect((await repo.identity()).id).toBe(first!.id);
  expect(await database.db.select().from(deployment)).toHaveLength(1);
});

test('the database itself refuses a second row', async () => {
  await expect(database.db.insert(deployment).values({ id: '00000000-0000-4000-8000-000000000000' })).rejects.toThrow();
  expect(await database.db.select().from(deployment)).toHaveLength(1);
});
