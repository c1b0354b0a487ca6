// Fixture of lint-rules.test.ts: the other half of the type-only cycle.
import type { A } from './type-cycle-a';

export interface B {
  a?: A;
}
