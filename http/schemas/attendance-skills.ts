import { z } from 'zod';

// Skills-based routing (docs/attendance/skills-routing.md): attendants' skills and what queues need.

const SkillName = z.string().trim().regex(/^[\p{L}\p{N}][\p{L}\p{N} _.+#-]{0,49}$/u, 'a skill name of 1 to 50 letters, digits, spaces or _ . + # -')
  .meta({ description: 'Compared ignoring case and spacing; stored in lower case' });
const Level = z.number().int().min(1).max(5);

export const SkillSchema = z.object({ name: SkillName, level: Level.meta({ description: '1 (basic) to 5 (expert)' }) }).meta({ id: 'AttendantSkill' });

export const SkillRequirementSchema = z
  .object({ name: SkillName, min_level: Level.meta({ description: 'The lowest level that qualifies, 1 to 5' }) })
  .meta({ id: 'SkillRequirement' });

/** What a queue needs, in its create and update bodies. */
export const RequiredSkillsField = SkillRequirementSchema.array().max(20)
  .meta({ description: 'Skills every conversation of the queue needs; default none (docs/attendance/skills-routing.md)' });

export const AttendantSkillsParamsSchema = z.object({ user_id: z.uuid() });

export const SetAttendantSkillsRequestSchema = z
  .object({ skills: SkillSchema.array().max(50).meta({ description: "The attendant's whole set; it replaces what they had" }) })
  .meta({ id: 'SetAttendantSkillsRequest' });

export const AttendantSkillsSchema = z
  .object({ user_id: z.uuid(), skills: SkillSchema.array() })
  .meta({ id: 'AttendantSkills' });

export const SkillsOverviewSchema = z
  .object({
    names: z.string().array().meta({ description: 'Every skill name attendants have or queues need, sorted' }),
    attendants: z.object({
      user_id: z.uuid(), name: z.string(), username: z.string(), status: z.enum(['online', 'busy', 'away', 'offline']), skills: SkillSchema.array(),
    }).array(),
    queues: z.object({ id: z.uuid(), name: z.string(), required_skills: SkillRequirementSchema.array() }).array(),
  })
  .meta({ id: 'SkillsOverview' });
