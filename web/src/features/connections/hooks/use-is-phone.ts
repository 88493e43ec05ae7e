import { useMediaQuery } from '@chakra-ui/react';
import { MOBILE_BREAKPOINT_PX } from '@atende/shared';

/**
 * Below the spec's 600 px breakpoint (part 2 §9). A JS query rather than a responsive prop
 * because Chakra's responsive dialog `size` leaks the `full` variant's min-height upwards.
 */
export function useIsPhone(): boolean {
  const [isPhone] = useMediaQuery([`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`], { fallback: [false] });
  return isPhone ?? false;
}
