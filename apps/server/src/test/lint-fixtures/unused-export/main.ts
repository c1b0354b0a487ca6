// Fixture of lint-rules.test.ts: the entry, importing one of shapes.ts's two exports.
import { circleArea } from './shapes';

export const area = circleArea(2);
