import { eq, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { smsOptOuts } from './schema/index.js';

/** The only code that queries SMS opt-outs (db/schema/sms-opt-outs.ts). */
export function createSmsOptOutsRepo(db: Database) {
  return {
    /** A number's opt-out is the tenant's (migration 0037): the conflict is on the tenant and the number, which drizzle's schema leaves unnamed. */
    async optOut(phone: string, keyword: string): Promise<void> {
      await db.execute(sql`insert into sms_opt_outs (phone, keyword) values (${phone}, ${keyword})
        on conflict (tenant_id, phone) do update set keyword = excluded.keyword, opted_out_at = now()`);
    },
    async optIn(phone: string): Promise<void> {
      await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
    },
    async isOptedOut(phone: string): Promise<boolean> {
      const [row] = await db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, phone)).limit(1);
      return row !== undefined;
    },
  };
}

export type SmsOptOutsRepo = ReturnType<typeof createSmsOptOutsRepo>;
