import { Badge, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { PlanDto } from '@atende/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCircle, LuCircleCheck } from 'react-icons/lu';
import { formatMoney } from '@/lib/format';
import { SIGNUP_NS } from '../i18n';

interface PlanChoiceProps {
  plans: PlanDto[];
  value: string;
  onChange: (planId: string) => void;
  invalid?: boolean;
}

/**
 * Spec part 1 §2: published plans, chosen by number of attendants (fewest first). Cards as radio
 * buttons (Chakra's RadioCard recipe would join the first-load theme).
 */
export function PlanChoice({ plans, value, onChange, invalid }: PlanChoiceProps) {
  const { t } = useTranslation(SIGNUP_NS);
  const labelId = useId();
  const ordered = [...plans].sort((a, b) => a.users - b.users || a.value - b.value);
  // Full width: the field around it lines its children up at the start, which shrank the cards to their text.
  return (
    <Stack gap="1.5" w="full">
      <Text id={labelId} fontWeight="medium" fontSize="sm">
        {t('form.plan')}
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" role="radiogroup" aria-labelledby={labelId} aria-invalid={invalid}>
        {ordered.map((plan) => {
          const checked = plan.id === value;
          return (
            <Button
              key={plan.id}
              role="radio"
              aria-checked={checked}
              variant="outline"
              h="auto"
              p="3"
              justifyContent="flex-start"
              textAlign="start"
              whiteSpace="normal"
              borderColor={checked ? 'brand.solid' : invalid ? 'border.error' : 'border'}
              borderWidth={checked ? '2px' : '1px'}
              bg={checked ? 'brand.subtle' : undefined}
              color="fg"
              onClick={() => onChange(plan.id)}
              data-testid={`plan-${plan.id}`}
            >
              <Stack gap="1" w="full" fontWeight="normal">
                <HStack justify="space-between" w="full">
                  <Text fontWeight="semibold">{t('form.attendants', { count: plan.users })}</Text>
                  <Text as="span" color={checked ? 'brand.fg' : 'fg.subtle'} fontSize="lg">
                    {checked ? <LuCircleCheck /> : <LuCircle />}
                  </Text>
                </HStack>
                <Badge alignSelf="flex-start" colorPalette="gray" variant="subtle">
                  {plan.name}
                </Badge>
                <Text fontSize="sm" color="fg.muted">
                  {t('form.planDetail', { connections: plan.connections, queues: plan.queues })}
                </Text>
                <Text fontSize="sm" fontWeight="medium">
                  {t('form.perMonth', { value: formatMoney(plan.value) })}
                </Text>
              </Stack>
            </Button>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
