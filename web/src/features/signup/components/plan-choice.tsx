import { Badge, HStack, RadioCard, SimpleGrid, Text } from '@chakra-ui/react';
import type { PlanDto } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { SIGNUP_NS } from '../i18n';

interface PlanChoiceProps {
  plans: PlanDto[];
  value: string;
  onChange: (planId: string) => void;
  invalid?: boolean;
}

/** Spec part 1 §2: published plans, chosen by number of attendants (fewest first). */
export function PlanChoice({ plans, value, onChange, invalid }: PlanChoiceProps) {
  const { t } = useTranslation(SIGNUP_NS);
  const ordered = [...plans].sort((a, b) => a.users - b.users || a.value - b.value);
  return (
    <RadioCard.Root value={value || null} onValueChange={({ value: next }) => next && onChange(next)} size="sm" colorPalette="brand" aria-invalid={invalid}>
      <RadioCard.Label>{t('form.plan')}</RadioCard.Label>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
        {ordered.map((plan) => (
          <RadioCard.Item key={plan.id} value={plan.id} data-testid={`plan-${plan.id}`}>
            <RadioCard.ItemHiddenInput />
            <RadioCard.ItemControl>
              <RadioCard.ItemContent>
                <HStack justify="space-between" w="full">
                  <RadioCard.ItemText fontWeight="semibold">{t('form.attendants', { count: plan.users })}</RadioCard.ItemText>
                  <Badge colorPalette="gray" variant="subtle">{plan.name}</Badge>
                </HStack>
                <RadioCard.ItemDescription>
                  <Text as="span">{t('form.planDetail', { connections: plan.connections, queues: plan.queues })}</Text>
                  <Text as="span" display="block" fontWeight="medium" color="fg">
                    {t('form.perMonth', { value: formatMoney(plan.value) })}
                  </Text>
                </RadioCard.ItemDescription>
              </RadioCard.ItemContent>
              <RadioCard.ItemIndicator />
            </RadioCard.ItemControl>
          </RadioCard.Item>
        ))}
      </SimpleGrid>
    </RadioCard.Root>
  );
}
