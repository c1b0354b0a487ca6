// Fixture of lint-rules.test.ts: an import cycle (cycle-a → cycle-b → cycle-a). The main lint ignores this folder.
import { b } from './cycle-b';

export const a = (): number => b() + 1;
