// Fixture of lint-rules.test.ts: the other half of the cycle.
import { a } from './cycle-a';

export const b = (): number => (typeof a === 'function' ? 1 : 0);
