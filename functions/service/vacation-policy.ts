/** The deployment's vacation rule: whole days a player may be away per calendar year (UTC). */
export interface VacationPolicy {
  readonly allowanceDays: number;
}

export const DEFAULT_VACATION_POLICY: VacationPolicy = { allowanceDays: 21 };

/** The policy from the environment (`VACATION_DAYS_PER_YEAR`, a whole number 0–366), or the default. */
export function vacationPolicyFromEnv(env: NodeJS.ProcessEnv): VacationPolicy {
  const raw = env.VACATION_DAYS_PER_YEAR;
  if (raw === undefined || raw === '') return DEFAULT_VACATION_POLICY;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 0 || days > 366) throw new Error(`VACATION_DAYS_PER_YEAR must be a whole number of days from 0 to 366, not ${raw}`);
  return { allowanceDays: days };
}
