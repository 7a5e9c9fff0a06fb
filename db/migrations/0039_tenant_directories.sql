-- A tenant's own directory (docs/operations/tenants.md, "Identity"): the accounts its SCIM client
-- and LDAP sync provision carry the tenant in `directory_tenant_id`, and their username, email and
-- directory id are unique within that directory, so two tenants' directories may each have an
-- "ana". The installation's accounts (null: every account before this migration, the only kind a
-- single-tenant deployment has) keep the keys they had. Deleting the tenant deletes its directory.
ALTER TABLE "users" ADD COLUMN "directory_tenant_id" uuid REFERENCES "tenants"("id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_username_unique";
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_email_unique";
--> statement-breakpoint
DROP INDEX "users_username_lower_key";
--> statement-breakpoint
DROP INDEX "users_email_lower_key";
--> statement-breakpoint
DROP INDEX "users_external_id_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username")) WHERE "directory_tenant_id" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email")) WHERE "directory_tenant_id" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_external_id_key" ON "users" USING btree ("external_id") WHERE "directory_tenant_id" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_directory_username_key" ON "users" USING btree ("directory_tenant_id", lower("username")) WHERE "directory_tenant_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_directory_email_key" ON "users" USING btree ("directory_tenant_id", lower("email")) WHERE "directory_tenant_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_directory_external_id_key" ON "users" USING btree ("directory_tenant_id", "external_id") WHERE "directory_tenant_id" IS NOT NULL;
