/** Spec part 1 §2: the priority colour bar — 1 red, 2 orange, 3 grey. */
export const PRIORITY_COLOR: Record<1 | 2 | 3, string> = { 1: 'red.500', 2: 'orange.400', 3: 'gray.400' };
