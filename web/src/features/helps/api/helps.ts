import { useQuery } from '@tanstack/react-query';
import type { HelpDto } from '@atende/shared';
import { apiGet } from '@/lib/api-client';

export const helpKeys = { all: ['helps'] as const, list: () => [...helpKeys.all, 'list'] as const };
export const useHelps = () => useQuery({ queryKey: helpKeys.list(), queryFn: () => apiGet<HelpDto[]>('/helps/list') });
