import { toText } from '../coercion.js';
import { isObjectValue, type ObjectValue, type Value } from '../values.js';

/** Addresses of free mail services: a lead writing from one says less about a company behind it. */
const FREE_MAIL = /@(gmail|googlemail|hotmail|outlook|live|yahoo|icloud|aol|proton|protonmail|bol|uol|terra|gmx|mail)\./i;

/** Words of a job title, strongest first, and the points each tier gives. */
const ROLE_TIERS: readonly { points: number; words: RegExp }[] = [
  { points: 25, words: /\b(ceo|cto|cfo|coo|cio|cmo|founder|co-founder|owner|president|partner|s[oó]cio|presidente|dono)\b/i },
  { points: 20, words: /\b(vp|vice|director|diretor|diretora|head|chief)\b/i },
  { points: 12, words: /\b(manager|gerente|lead|coordinator|coordenador|coordenadora|supervisor)\b/i },
];

const SIZE_WORDS: readonly [RegExp, number][] = [
  [/enterprise|corporate|large|grande/i, 20],
  [/mid|medium|m[eé]dia/i, 15],
  [/smb|small|pequena|startup/i, 10],
];

/** A field of the lead under any of its usual names (the templates write `company` or `company_name`…). */
function field(lead: ObjectValue, ...names: string[]): Value {
  for (const name of names) {
    const value = lead[name] ?? lead[name.toLowerCase()];
    if (value !== undefined && value !== null && toText(value).trim() !== '') return value;
  }
  return null;
}

function companySizePoints(size: Value): number {
  if (size === null) return 0;
  const n = typeof size === 'number' ? size : Number(toText(size).replace(/[^0-9.]/g, ''));
  if (Number.isFinite(n) && n > 0 && /^[\d\s.,+-]+$/.test(toText(size))) return n >= 1000 ? 20 : n >= 100 ? 15 : n >= 10 ? 10 : 5;
  for (const [words, points] of SIZE_WORDS) if (words.test(toText(size))) return points;
  return 5;
}

/**
 * SCORE LEAD lead (docs/basic.md, "Lead scoring"): a 0–100 score from what the lead tells, as
 * points that add up: contact (email 10, a company address rather than a free mail service 10 more,
 * phone 10), company (named 10, its size up to 20), role (the title's seniority up to 25) and
 * budget (any 10, 10,000 or more 15). Grade A from 80, B from 60, C from 40, D from 20, else F;
 * `status` hot from 70, warm from 40, else cold; `qualified` from 60.
 */
export function scoreLead(lead: Value): ObjectValue {
  const data: ObjectValue = isObjectValue(lead) ? lead : {};
  const email = toText(field(data, 'email', 'lead_email', 'e_mail'));
  const contact = (email.includes('@') ? 10 + (FREE_MAIL.test(email) ? 0 : 10) : 0) + (field(data, 'phone', 'mobile', 'telefone', 'lead_phone') === null ? 0 : 10);
  const company = (field(data, 'company', 'company_name', 'empresa', 'lead_company') === null ? 0 : 10)
    + companySizePoints(field(data, 'company_size', 'employees', 'size', 'funcionarios'));
  const title = toText(field(data, 'title', 'job_title', 'role', 'position', 'cargo'));
  const role = ROLE_TIERS.find((tier) => tier.words.test(title))?.points ?? (title.trim() === '' ? 0 : 5);
  const budgetValue = Number(toText(field(data, 'budget', 'orcamento', 'deal_value')).replace(/[^0-9.]/g, ''));
  const budget = Number.isFinite(budgetValue) && budgetValue > 0 ? (budgetValue >= 10_000 ? 15 : 10) : 0;
  const score = Math.min(100, contact + company + role + budget);
  const grade = score >= 80 ? 'A' : score >= 60 ? 'B' : score >= 40 ? 'C' : score >= 20 ? 'D' : 'F';
  return {
    score, grade, status: score >= 70 ? 'hot' : score >= 40 ? 'warm' : 'cold', qualified: score >= 60,
    breakdown: { contact, company, role, budget },
  };
}
