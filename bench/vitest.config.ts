import { defineProject } from 'vitest/config';

/** The benches' own logic (the results page): pure functions, no platform. `npx vitest run --root bench`. */
export default defineProject({
  test: {
    name: 'bench',
    include: ['test/**/*.test.ts'],
  },
});
