import { eq } from 'drizzle-orm';
import type { Database } from './connection.js';
import { smsOptOuts } from './schema/index.js';

/** The only code that queries SMS opt-outs (db/schema/sms-opt-outs.ts). */
export function createSmsOptOutsRepo(db: Database) {
  return {
    async optOut(phone: string, keyword: string): Promise<void> {
      await db.insert(smsOptOuts).values({ phone, keyword })
        .onConflictDoUpdate({ target: smsOptOuts.phone, set: { keyword, opted_out_at: new Date() } });
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
