// Fixture of lint-rules.test.ts: a cycle through type-only imports (type-cycle-a → type-cycle-b → type-cycle-a),
// which import-x/no-cycle does not see and `npm run lint:cycles` (dpdm) does.
import type { B } from './type-cycle-b';

export interface A {
  b: B;
}
