import { mayManageCampaigns, type CampaignDto } from '@atende/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMegaphone } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListPage } from '@/components/list-page';
import { useDebouncedSearch } from '@/hooks/use-debounced-search';
import { useDeleteConfirmation } from '@/hooks/use-delete-confirmation';
import { useSession } from '@/hooks/use-session';
import { notify } from '@/lib/toaster';
import { campaignAllowanceUsed, useCampaignStats, useTagOptions } from '../api/campaign-lookups';
import { useCampaignsList, useCancelCampaign, useDeleteCampaign, useRestartCampaign } from '../api/campaigns-api';
import { CAMPAIGNS_NS } from '../i18n';
import { CampaignDialog } from './campaign-dialog';
import type { CampaignRowAction } from './campaign-row-actions';
import { CampaignsTable } from './campaigns-table';

/**
 * /campaigns (spec part 3 "Campaigns page"): search (500 ms), add, the company's campaigns newest
 * first with infinite scroll, and per row stop / restart / report / edit / delete; live on
 * `company-{id}-campaign`. Admins and supervisors manage campaigns (shared policy); others follow
 * their reports. A new campaign is refused up front when the plan's allowance is used (spec §5).
 */
export function CampaignsPage() {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const navigate = useNavigate();
  const { viewer, policy } = useSession();
  const mayManage = viewer !== null && mayManageCampaigns(viewer, policy);
  const { input: searchInput, setInput: setSearchInput, search } = useDebouncedSearch();
  const list = useCampaignsList(search);
  const campaigns = useMemo(() => {
    const seen = new Set<string>(); // a word search may name a campaign on two pages
    return (list.data?.pages.flatMap((p) => p.records) ?? []).filter((c) => !seen.has(c.id) && seen.add(c.id));
  }, [list.data]);
  const tags = useTagOptions(campaigns.some((c) => c.tagListId)).data ?? [];
  const stats = useCampaignStats(mayManage);
  const [editing, setEditing] = useState<CampaignDto | 'new' | null>(null);
  const [stopping, setStopping] = useState<CampaignDto | null>(null);

  const remove = useDeleteCampaign();
  const cancel = useCancelCampaign();
  const restart = useRestartCampaign();
  const deletion = useDeleteConfirmation({
    remove: (campaign: CampaignDto) => remove.mutateAsync(campaign.id),
    pending: remove.isPending,
    done: t('toasts.deleted'),
  });

  const add = () => {
    // The API's own refusal, up front: 'Voce atingiu o limite de numeros de campanhas no seu plano!'
    if (campaignAllowanceUsed(stats.data)) notify.error('ERR_CAMPAIGN_LIMIT');
    else setEditing('new');
  };
  const stop = () =>
    stopping &&
    cancel.mutate(stopping.id, {
      onSuccess: () => {
        notify.success(t('toasts.cancelled'));
        setStopping(null);
      },
      onError: (error) => notify.error(error),
    });
  const onAction = (action: CampaignRowAction, campaign: CampaignDto) => {
    if (action === 'report') void navigate(`/campaign/${encodeURIComponent(campaign.id)}/report`);
    else if (action === 'edit') setEditing(campaign);
    else if (action === 'delete') deletion.ask(campaign);
    else if (action === 'stop') setStopping(campaign);
    else
      restart.mutate(campaign.id, {
        onSuccess: () => notify.success(t('toasts.restarted')),
        onError: (error) => notify.error(error),
      });
  };

  return (
    <ListPage
      title={t('page.title')}
      description={t('page.description')}
      search={{ label: t('page.search'), input: searchInput, onInput: setSearchInput, active: search }}
      addLabel={t('page.add')}
      onAdd={mayManage ? add : undefined}
      testIdPrefix="campaigns"
      list={list}
      count={campaigns.length}
      scrollTestId="campaigns-scroll"
      empty={{
        testId: 'campaigns-empty',
        icon: <LuMegaphone />,
        title: t('page.empty'),
        description: search ? t('page.emptySearch', { search }) : t('page.emptyText'),
      }}
      deletion={{
        dialog: deletion.dialog,
        title: t('confirm.deleteTitle', { name: deletion.target?.name ?? '' }),
        confirmLabel: t('actions.delete'),
        text: t('confirm.deleteText'),
      }}
      dialogs={
        <>
          {editing ? (
            <CampaignDialog
              key={editing === 'new' ? 'new' : editing.id}
              campaign={editing === 'new' ? null : editing}
              onClose={() => setEditing(null)}
            />
          ) : null}
          <ConfirmDialog
            open={stopping !== null}
            loading={cancel.isPending}
            onConfirm={stop}
            onClose={() => setStopping(null)}
            title={t('confirm.stopTitle', { name: stopping?.name ?? '' })}
            confirmLabel={t('actions.stop')}
            destructive
          >
            {t('confirm.stopText')}
          </ConfirmDialog>
        </>
      }
    >
      <CampaignsTable campaigns={campaigns} tags={tags} mayManage={mayManage} onAction={onAction} />
    </ListPage>
  );
}
