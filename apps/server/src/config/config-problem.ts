/**
 * A setting that stops the server: which variable, what to set and why, in one line that an operator can act
 * on. config-check.ts gathers every one at once so that a start (or npm run check:production) lists them all,
 * rather than one per try.
 */

export interface SettingProblem {
  /** The variable to set, change or unset. */
  variable: string;
  /** One line: what is wrong, what to set, and why it matters. */
  message: string;
}

/** `${what}: ${fix}; ${why}.`, the shape of every line. */
export function settingProblem(variable: string, what: string, fix: string, why: string): SettingProblem {
  return { variable, message: `${what}: ${fix}; ${why}.` };
}

/** A setting a provider needs: its variable, its value as read, and what to set it to. */
export type NeededSetting = readonly [variable: string, value: string | undefined, what: string];

/** A line for each of a provider's settings left empty: `X is not set: set <what>; <why>.` */
export function missingSettings(needed: readonly NeededSetting[], why: string): SettingProblem[] {
  return needed
    .filter(([, value]) => !value)
    .map(([variable, , what]) => settingProblem(variable, `${variable} is not set`, `set ${what}`, why));
}

/**
 * loadConfig's refusal: its message lists every problem, one a line (the start prints it as is, without a
 * stack, which would only hide the list); `problems` keeps them apart for callers that want them.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
  readonly problems: readonly SettingProblem[];

  constructor(problems: readonly SettingProblem[]) {
    const count = problems.length === 1 ? '1 setting' : `${problems.length} settings`;
    super(`Invalid environment: ${count} to fix:\n${problems.map((problem) => problem.message).join('\n')}`);
    this.problems = problems;
  }
}
