// Fixture of lint-rules.test.ts: squareArea is exported and no file imports it (knip reports it).
export const circleArea = (radius: number): number => Math.PI * radius * radius;

export const squareArea = (side: number): number => side * side;
