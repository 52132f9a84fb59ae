import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { campaignQueries, type Campaign } from '@/entities/campaign';
import { CampaignCategoryCard, campaignCategoryDeletion, type CampaignCategory } from '@/entities/campaign-category';
import { DeleteWithConfirmation } from '@/features/delete-with-confirmation';
import { CampaignCategoryFormModal } from '@/features/edit-campaign-category';
import { HistoryButton } from '@/features/view-change-history';
import { hasPermission, useSessionStore } from '@/shared/auth';
import { EmptyState } from '@/shared/ui/empty-state';
import { IconPlus } from '@/shared/ui/icons';
import { RecordActions } from '@/shared/ui/record-actions';

/** The campaign's categories: cards, the category modal and delete. */
export function CategoriesTab({ campaign }: { campaign: Campaign }) {
  const queryClient = useQueryClient();
  const categories = campaign.categories ?? [];
  const [form, setForm] = useState<{ opened: boolean; category: CampaignCategory | null }>({ opened: false, category: null });
  const [deleting, setDeleting] = useState<CampaignCategory | null>(null);
  // The server answers a record's history only to who may edit it.
  const canEdit = useSessionStore((state) => hasPermission(state.user, 'sponsors.manage'));

  const openNew = () => setForm({ opened: true, category: null });
  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={openNew} data-shortcut="new">
      Nueva Categoría
    </Button>
  );

  return (
    <Stack gap="md">
      {categories.length > 0 ? <Group justify="flex-end">{newButton}</Group> : null}
      {categories.length === 0 ? (
        <EmptyState title="No hay categorías" text="Esta campaña todavía no tiene categorías." action={newButton} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {categories.map((category) => (
            <CampaignCategoryCard
              key={category.id}
              category={category}
              actions={
                <RecordActions
                  name={category.name}
                  onEdit={() => setForm({ opened: true, category })}
                  history={canEdit ? <HistoryButton resource="campaign-category" id={category.id} name={category.name} compact /> : null}
                  onDelete={() => setDeleting(category)}
                />
              }
            />
          ))}
        </SimpleGrid>
      )}
      <CampaignCategoryFormModal
        opened={form.opened}
        campaignId={campaign.id}
        category={form.category}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />
      <DeleteWithConfirmation
        target={deleting}
        deletion={campaignCategoryDeletion}
        onClose={() => setDeleting(null)}
        // The campaign's detail holds the cards and the tab's count.
        onDeleted={() => void queryClient.invalidateQueries({ queryKey: campaignQueries.details() })}
      />
    </Stack>
  );
}
